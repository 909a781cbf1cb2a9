/**
 * `sudoku-lens <command> [...]`: dispatches to one module per command, loaded on demand so that
 * `solve` never pays for OpenCV or Tesseract start-up.
 */
import { commands } from './commands/index'

export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv
  const load = name ? commands[name] : undefined
  if (!load) {
    const lines = await Promise.all(
      Object.entries(commands).map(async ([key, loader]) => `  ${key.padEnd(10)} ${(await loader()).summary}`),
    )
    const out = name && name !== '--help' && name !== '-h' ? process.stderr : process.stdout
    out.write(`${name && !name.startsWith('-') ? `Unknown command: ${name}\n\n` : ''}Usage: sudoku-lens <command> [options]\n\nCommands:\n${lines.join('\n')}\n`)
    return name && name !== '--help' && name !== '-h' ? 2 : 0
  }
  return (await load()).run(args)
}

const isEntry = process.argv[1] && /[\\/]cli[\\/]index\.(ts|js)$/.test(process.argv[1])
if (isEntry) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      process.stderr.write(`sudoku-lens: ${error instanceof Error ? error.message : String(error)}\n`)
      process.exitCode = 1
    },
  )
}
