#!/usr/bin/env node
// Runs the TypeScript CLI straight from source through tsx, so `npx sudoku-lens` works right
// after `npm install` with no build step.
import { register } from 'tsx/esm/api'
import { fileURLToPath } from 'node:url'

register()
// `sudoku-lens solve file | head` closes the pipe early: that is a normal end, not a crash.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0)
  throw error
})
const { main } = await import(fileURLToPath(new URL('../src/cli/index.ts', import.meta.url)))
try {
  process.exitCode = await main(process.argv.slice(2))
} catch (error) {
  // A sentence for the person at the terminal, not a stack trace (SUDOKU_LENS_DEBUG=1 shows it).
  process.stderr.write(`sudoku-lens: ${error instanceof Error ? error.message : String(error)}\n`)
  if (process.env.SUDOKU_LENS_DEBUG && error instanceof Error) process.stderr.write(`${error.stack}\n`)
  process.exitCode = 1
}
