/**
 * How the reader reads each kind of cell of a synthetic solving session (devkit/solving-session.ts:
 * MNIST digits in pen, MNIST marks in pencil at their keypad places), as a time-lapse's shots do:
 * the full reader (Tesseract, classifier, cell judge) on two of the last idle looks of each session
 * (every ink down, the hand away, shaken apart). Seeds 11-30 by default: not the benchmark's (1-5).
 * timelapse/cell-track.ts's MARKS_AS_DIGIT and MARKS_UNSEEN were these rates for pencilled cells (see there).
 *
 *   npx tsx training/paper/session-kinds.ts [11-30]
 */
import { createNodeReader } from '../../src/node/reader/reader'
import { readSudoku } from '../../src/shared/vision/read'
import { makeSolvingSession } from '../../devkit/solving-session'

const [from, to] = (process.argv[2] ?? '11-30').split('-').map(Number)
const reader = await createNodeReader()
const counts = new Map<string, Map<string, number>>()
const count = (truth: string, read: string): void => {
  const row = counts.get(truth) ?? new Map<string, number>()
  counts.set(truth, row.set(read, (row.get(read) ?? 0) + 1))
}
for (let seed = from; seed <= to; seed++) {
  const session = await makeSolvingSession(reader.cv, { seed, digits: 30, marks: 0.5 })
  const truthOf = (cell: number): string =>
    session.givens[cell]
      ? 'given'
      : session.written.some((w) => w.cell === cell)
        ? 'written'
        : session.pencilled.some((p) => p.cell === cell)
          ? 'pencilled'
          : 'empty'
  for (const look of [session.looks - 1, session.looks - 5]) {
    const read = await readSudoku(reader.cv, session.frame(look), { voters: reader.voters, judge: reader.judge ?? undefined })
    if (!read.ok) {
      console.log(`seed ${seed} look ${look}: ${read.message}`)
      continue
    }
    read.paper.cells.forEach(({ kind }, cell) => count(truthOf(cell), kind === 'given' || kind === 'entry' ? 'a digit' : kind))
  }
  process.stderr.write(`\rseed ${seed}`)
}
process.stderr.write('\n')
for (const [truth, row] of counts) console.log(`${truth}: ${[...row].map(([read, n]) => `${n} read as ${read}`).join(', ')}`)
await reader.close()
