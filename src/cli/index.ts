/**
 * `sudoku-lens <command> [...]`: dispatches to one module per command and turns whatever goes
 * wrong into one line on stderr and an exit code, never a stack trace:
 *   0  done; 1  a bad input or a failure (a puzzle without one solution, an unreadable file);
 *   2  a usage error (unknown option, missing argument, a value out of range).
 * `main` is the whole CLI without the process: tests and the fuzzer call it in-process.
 * `runFromShell` is the process: it owns uncaught errors (OpenCV's handlers removed) and exits 1
 * with one line for any that escape.
 */
import { dropEmscriptenHandlers, errorMessage, ownProcessErrors } from '../node/process-errors'
import { UsageError } from './args'
import { commands } from './commands/index'
import { oneLine, shortText } from './output'

/** Set to 1 to get the stack of an unexpected error on stderr as well (for bug reports). */
const DEBUG = 'SUDOKU_LENS_DEBUG'

function helpText(): string {
  const width = Math.max(...Object.keys(commands).map((name) => name.length))
  const lines = Object.entries(commands).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`)
  return `Usage: sudoku-lens <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nsudoku-lens <command> --help describes a command and its options.\nExit codes: 0 done, 1 a bad input or a failure, 2 a usage error.\n`
}

export async function main(argv: readonly string[]): Promise<number> {
  const [name, ...args] = argv
  if (name === '--help' || name === '-h' || (name === 'help' && args.length === 0)) {
    process.stdout.write(helpText())
    return 0
  }
  if (name === 'help') return main([args[0], '--help'])
  const names = Object.keys(commands).join(', ')
  if (name === undefined) return usageError(`give a command (${names}); sudoku-lens --help says more`)
  if (!Object.hasOwn(commands, name)) return usageError(`Unknown command: ${shortText(name)} (commands: ${names})`)
  try {
    const command = await commands[name].load()
    // read and export load OpenCV with their modules; its handlers go before anything can throw.
    dropEmscriptenHandlers()
    return await command.run([...args])
  } catch (error) {
    return report(name, error)
  }
}

function usageError(message: string): number {
  process.stderr.write(`sudoku-lens: ${oneLine(message)}\n`)
  return 2
}

function report(command: string, error: unknown): number {
  process.stderr.write(`sudoku-lens ${command}: ${oneLine(errorMessage(error))}\n`)
  if (process.env[DEBUG] && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`)
  return error instanceof UsageError ? 2 : 1
}

/** The CLI as a process: `process.exitCode` from `main`, one line and exit 1 for any error that escapes it. */
export async function runFromShell(argv: readonly string[]): Promise<void> {
  ownProcessErrors((error) => {
    process.stderr.write(`sudoku-lens: ${oneLine(errorMessage(error))}\n`)
    if (process.env[DEBUG] && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`)
    process.exit(1)
  })
  process.exitCode = await main(argv)
}

const isEntry = process.argv[1] && /[\\/]cli[\\/]index\.(ts|js)$/.test(process.argv[1])
if (isEntry) void runFromShell(process.argv.slice(2))
