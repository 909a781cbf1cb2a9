#!/usr/bin/env node
// Runs the command line as built by `npm run build` (out/cli, plain JavaScript: no TypeScript
// loader ships with the app). src/cli/index.ts owns the process's errors from there.
import { existsSync } from 'node:fs'

const BUILT = new URL('../out/cli/index.js', import.meta.url)

// `sudoku-lens solve file | head` closes the pipe early: that is a normal end, not a crash.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0)
  process.stderr.write(`sudoku-lens: cannot write the output: ${error.message}\n`)
  process.exit(1)
})
if (!existsSync(BUILT)) {
  process.stderr.write('sudoku-lens: the command line is not built: run npm run build first\n')
  process.exit(1)
}
// Stacks asked for name the TypeScript sources.
if (process.env.SUDOKU_LENS_DEBUG) process.setSourceMapsEnabled(true)
try {
  const { runFromShell } = await import(BUILT.href)
  await runFromShell(process.argv.slice(2))
} catch (error) {
  // Only when the CLI itself cannot load (a broken install): still one line, not a stack.
  process.stderr.write(`sudoku-lens: ${String(error?.message ?? error).split('\n')[0]}\n`)
  if (process.env.SUDOKU_LENS_DEBUG) process.stderr.write(`${error?.stack ?? ''}\n`)
  process.exitCode = 1
}
