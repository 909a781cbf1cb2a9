/**
 * Benchmarks that write their own section of bench/README.md: the section starting with
 * `## <title>` is replaced up to the next `## ` heading (or appended when missing).
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { tempPathFor } from '../src/node/atomic-file'

const README = join(import.meta.dirname, '../bench/README.md')

/**
 * `--quick`: a benchmark's run of a few seconds on a tiny input (bench/quick.ts runs them all in CI).
 * It prints its figures and never writes bench/README.md: writeReadmeSection leaves the file alone.
 */
export const QUICK = process.argv.includes('--quick')

export function writeReadmeSection(title: string, body: string): void {
  if (QUICK) return void console.log(`--quick: bench/README.md left alone (section "${title}").`)
  const heading = `## ${title}`
  const section = `${heading}\n\n${body.trim()}\n\n`
  const text = readFileSync(README, 'utf8')
  const start = text.indexOf(`${heading}\n`)
  const next = start < 0 ? -1 : text.indexOf('\n## ', start + 1)
  const updated = start < 0 ? `${text.trimEnd()}\n\n${section}` : `${text.slice(0, start)}${section}${next < 0 ? '' : text.slice(next + 1)}`
  // Through a file beside it, so that a benchmark stopped mid-write never leaves half a README.
  const temp = tempPathFor(README)
  writeFileSync(temp, updated)
  renameSync(temp, README)
}

/**
 * The one line under each section's table that says when, where and how it was measured. The load
 * is the 1-minute average at the end of the run: on a shared machine it says how far to trust times.
 */
export function measuredLine(command: string): string {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU'
  return `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} cores (${cpu}), Node ${process.versions.node}, load average ${loadavg()[0].toFixed(1)} at the end: \`${command}\`.`
}
