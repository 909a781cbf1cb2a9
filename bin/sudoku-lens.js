#!/usr/bin/env node
// Runs the TypeScript CLI straight from source through tsx, so `npx sudoku-lens` works right
// after `npm install` with no build step. src/cli/index.ts owns the process's errors from there.
import { register } from 'tsx/esm/api'
import { fileURLToPath } from 'node:url'

// `sudoku-lens solve file | head` closes the pipe early: that is a normal end, not a crash.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0)
  process.stderr.write(`sudoku-lens: cannot write the output: ${error.message}\n`)
  process.exit(1)
})
try {
  register()
  const { runFromShell } = await import(fileURLToPath(new URL('../src/cli/index.ts', import.meta.url)))
  await runFromShell(process.argv.slice(2))
} catch (error) {
  // Only when the CLI itself cannot load (a broken install): still one line, not a stack.
  process.stderr.write(`sudoku-lens: ${String(error?.message ?? error).split('\n')[0]}\n`)
  if (process.env.SUDOKU_LENS_DEBUG) process.stderr.write(`${error?.stack ?? ''}\n`)
  process.exitCode = 1
}
