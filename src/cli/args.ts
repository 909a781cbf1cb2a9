/** A small argument reader shared by the CLI commands: positionals, `--flag` and `--name value`. */
export interface ParsedArgs {
  readonly positionals: string[]
  readonly flags: Set<string>
  readonly options: Map<string, string>
}

export class UsageError extends Error {
  override name = 'UsageError'
}

/** `valued` names the options that take a value (`--limit 5` or `--limit=5`); every other `--x` is a flag. */
export function parseArgs(args: readonly string[], valued: readonly string[] = []): ParsedArgs {
  const positionals: string[] = []
  const flags = new Set<string>()
  const options = new Map<string, string>()
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]
    if (!arg.startsWith('--')) {
      positionals.push(arg)
      continue
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2)
    if (!valued.includes(name)) {
      flags.add(name)
      continue
    }
    const value = inline ?? args[++i]
    if (value === undefined) throw new UsageError(`--${name} needs a value`)
    options.set(name, value)
  }
  return { positionals, flags, options }
}

export function positiveInteger(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`--${name} must be a whole number of at least 1, not "${value}"`)
  return n
}
