/**
 * Benchmarks that write their own section of bench/README.md: the section starting with
 * `## <title>` is replaced up to the next `## ` heading (or appended when missing).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const README = join(import.meta.dirname, 'README.md')

export function writeReadmeSection(title: string, body: string): void {
  const heading = `## ${title}`
  const section = `${heading}\n\n${body.trim()}\n\n`
  const text = readFileSync(README, 'utf8')
  const start = text.indexOf(`${heading}\n`)
  const next = start < 0 ? -1 : text.indexOf('\n## ', start + 1)
  const updated = start < 0 ? `${text.trimEnd()}\n\n${section}` : `${text.slice(0, start)}${section}${next < 0 ? '' : text.slice(next + 1)}`
  writeFileSync(README, updated)
}
