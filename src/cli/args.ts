/**
 * Each command declares its options once (a CommandSpec); `parseCommand` reads the arguments with
 * Node's own `parseArgs` in strict mode (unknown options and missing values are refused) and
 * `helpText` writes `--help` from the same declaration, so the two never disagree.
 */
import { parseArgs } from 'node:util'
import { shortText } from './output'

/** The arguments cannot be understood: one line on stderr, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError'
}

/** An argument or a file is understood but unusable (no such file, not a puzzle): one line, exit code 1. */
export class InputError extends Error {
  override name = 'InputError'
}

export type OptionSpec = { readonly type: 'string'; readonly value: string; readonly help: string } | { readonly type: 'boolean'; readonly help: string }

export type OptionSpecs = Readonly<Record<string, OptionSpec>>

export interface CommandSpec<O extends OptionSpecs> {
  readonly name: string
  /** The synopsis after `sudoku-lens `, e.g. `solve <puzzle | file>... [--json] [--limit N]`. */
  readonly usage: string
  /** What the command does, for `--help`. */
  readonly about: string
  readonly options: O
  /** How many positional arguments it takes, and what to call them in an error. */
  readonly positionals: { readonly min: number; readonly max: number; readonly name: string }
}

export type OptionValues<O extends OptionSpecs> = {
  readonly [K in keyof O]?: O[K] extends { type: 'string' } ? string : boolean
}

export interface ParsedCommand<O extends OptionSpecs> {
  readonly values: OptionValues<O>
  readonly positionals: string[]
}

/** Declares a command, keeping its option names and types for `parseCommand`'s result. */
export const defineCommand = <O extends OptionSpecs>(spec: CommandSpec<O>): CommandSpec<O> => spec

const HELP: OptionSpec = { type: 'boolean', help: 'show this help' }

export function helpText(spec: CommandSpec<OptionSpecs>): string {
  const rows = Object.entries<OptionSpec>({ ...spec.options, help: HELP }).map(([name, o]) => [
    `${name === 'help' ? '-h, ' : ''}--${name}${o.type === 'string' ? ` ${o.value}` : ''}`,
    o.help,
  ])
  const width = Math.max(...rows.map(([left]) => left.length))
  return `Usage: sudoku-lens ${spec.usage}\n\n${spec.about}\n\nOptions:\n${rows.map(([l, r]) => `  ${l.padEnd(width)}  ${r}`).join('\n')}\n`
}

/**
 * The command's options and positionals, or null when `--help` (or `-h`) was asked for, after
 * printing the help on stdout. Throws a one-line UsageError for anything it cannot accept.
 */
export function parseCommand<O extends OptionSpecs>(spec: CommandSpec<O>, args: readonly string[]): ParsedCommand<O> | null {
  const end = args.indexOf('--')
  const head = end < 0 ? args : args.slice(0, end)
  if (head.includes('--help') || head.includes('-h')) {
    process.stdout.write(helpText(spec))
    return null
  }
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] }
  try {
    parsed = parseArgs({
      args: [...args],
      options: Object.fromEntries(Object.entries(spec.options).map(([name, o]) => [name, { type: o.type }])),
      allowPositionals: true,
      strict: true,
    })
  } catch (error) {
    throw new UsageError(`${argumentProblem(error as Error & { code?: string })}; sudoku-lens ${spec.name} --help lists the options`)
  }
  const { min, max, name } = spec.positionals
  const count = parsed.positionals.length
  if (count < min) throw new UsageError(`give ${name}. Usage: sudoku-lens ${spec.usage}`)
  if (count > max)
    throw new UsageError(`too many arguments (${count}; ${spec.name} takes ${max || 'none besides its options'}). Usage: sudoku-lens ${spec.usage}`)
  return { values: parsed.values as OptionValues<O>, positionals: parsed.positionals }
}

/** Node's parseArgs messages run to several lines and suggest `--` tricks; this says the same in one. */
function argumentProblem(error: Error & { code?: string }): string {
  const option = /'(-[^' ]+)/.exec(error.message)?.[1] ?? ''
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${shortText(option)}`
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      if (/does not take an argument/.test(error.message)) return `${option} takes no value`
      if (/ambiguous/.test(error.message)) return `${option} needs a value (write ${option}=VALUE for a value starting with -)`
      return `${option} needs a value`
    default:
      return error.message.split('\n')[0]
  }
}

/** `--name` as a whole number from `min` to `max`, or `fallback` when absent. */
export function integerOption(value: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback
  const n = Number(value)
  if (value.trim() === '' || !Number.isInteger(n) || n < min || n > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, not ${shortText(value)}`)
  }
  return n
}

/** `--name` as one of `choices`, or `fallback` when absent. */
export function choiceOption<T extends string>(value: string | undefined, name: string, choices: readonly T[], fallback: T): T {
  if (value === undefined) return fallback
  if (!(choices as readonly string[]).includes(value)) {
    throw new UsageError(`--${name} must be ${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}, not ${shortText(value)}`)
  }
  return value as T
}
