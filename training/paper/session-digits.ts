/**
 * The written digits of synthetic solving sessions (devkit/solving-session.ts: MNIST's test set, by
 * writers no model was trained on, in pen) as cells.ts cuts them from each session's last page: the
 * 80x80 images the written-digit model reads, for session_digits.py to score trained models on
 * without exporting them. More digits than bench:handwriting's 300, the model alone.
 *
 *   npx tsx training/paper/session-digits.ts NAME [FROM-TO] [--ink-over-marks P]
 *     -> .cache/train-paper/sessions-NAME.img80.bin (uint8, 6400 a digit) + .json (seed, cell, digit, over)
 *
 * `over`: the digit was written over its cell's pencil marks. Digits cells.ts found no ink of are
 * counted, not written.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadOpenCV } from '../../src/shared/vision/core/opencv'
import { lastPage, makeSolvingSession } from '../../devkit/solving-session'

const [name, range = '1-40'] = process.argv.slice(2).filter((arg, i, all) => !arg.startsWith('--') && all[i - 1] !== '--ink-over-marks')
if (!name) throw new Error('usage: session-digits.ts NAME [FROM-TO] [--ink-over-marks P]')
const overAt = process.argv.indexOf('--ink-over-marks')
const inkOverMarks = overAt > 0 ? Number(process.argv[overAt + 1]) : undefined
const [from, to] = range.split('-').map(Number)
const cache = join(import.meta.dirname, '../../.cache/train-paper')

const cv = await loadOpenCV()
const images: Uint8Array[] = []
const labels: { seed: number; cell: number; digit: number; over: boolean }[] = []
let inkless = 0
for (let seed = from; seed <= to; seed++) {
  const session = await makeSolvingSession(cv, { seed, digits: 30, marks: 0.3, inkOverMarks })
  const page = lastPage(cv, session)
  if (!page) throw new Error(`seed ${seed}: no grid found on the last page`)
  const pencilled = new Set(session.pencilled.map(({ cell }) => cell))
  for (const { cell, digit } of session.written) {
    const { image } = page.cells[cell]
    if (image.data.every((v) => v === 255)) inkless++
    else {
      images.push(image.data)
      labels.push({ seed, cell, digit, over: pencilled.has(cell) })
    }
  }
  process.stderr.write(`\rseed ${seed}`)
}
mkdirSync(cache, { recursive: true })
writeFileSync(join(cache, `sessions-${name}.img80.bin`), Buffer.concat(images))
writeFileSync(join(cache, `sessions-${name}.json`), JSON.stringify(labels))
console.log(`\n${labels.length} written digits (${inkless} without ink found) -> .cache/train-paper/sessions-${name}.*`)
