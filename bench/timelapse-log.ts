/**
 * The move log scored again on synthetic solving sessions saved by bench:timelapse-session's
 * `--records FILE`: each session's figures 3 and 4 with today's move log (timelapse-moves.ts), and
 * their totals, in a second, where recording the sessions again takes minutes each.
 *
 *   npm run bench:timelapse-log -- FILE...
 */
import { readFileSync } from 'node:fs'
import { basename } from 'node:path'
import { type LogFigures, type SavedSession, logFigures } from './timelapse-log-figures'

const files = process.argv.slice(2)
if (!files.length) {
  console.error('Usage: npm run bench:timelapse-log -- FILE... (sessions saved by bench:timelapse-session --records FILE)')
  process.exit(2)
}
const rows: [string, LogFigures, number, number][] = files.map((file) => {
  const saved = JSON.parse(readFileSync(file, 'utf8')) as SavedSession
  return [basename(file), logFigures(saved), saved.written.length, saved.records.length]
})
const sum = (pick: (f: LogFigures) => number) => rows.reduce((total, [, f]) => total + pick(f), 0)
const [digits, shots] = [rows.reduce((t, r) => t + r[2], 0), rows.reduce((t, r) => t + r[3], 0)]
const pencilled = sum((f) => f.marksRight + f.marksMissed.length)
console.log(
  '| session | in order | extra writes | erasures | mistakes logged, hidden | over marks logged | pencilled logged, very marks | check right | missed |',
)
console.log('|---|---|---|---|---|---|---|---|---|---|')
for (const [name, f, written, records] of rows) {
  const marks = f.marksRight + f.marksMissed.length
  console.log(
    `| ${name} | ${f.inOrder}/${written} | ${f.extra} | ${f.erasures} | ${f.mistakesLogged}, ${f.mistakesHidden} of ${f.mistakes} | ${f.overMarksLogged}/${f.overMarks} | ${f.marksLogged}, ${f.marksRight} of ${marks} | ${f.checkedRight}/${records} | ${f.missed.join(', ')} | ${f.phantoms.join(', ')} |`,
  )
}
console.log(
  `| **all ${rows.length}** | ${sum((f) => f.inOrder)}/${digits} | ${sum((f) => f.extra)} | ${sum((f) => f.erasures)} | ${sum((f) => f.mistakesLogged)}, ${sum((f) => f.mistakesHidden)} of ${sum((f) => f.mistakes)} | ${sum((f) => f.overMarksLogged)}/${sum((f) => f.overMarks)} | ${sum((f) => f.marksLogged)}, ${sum((f) => f.marksRight)} of ${pencilled} | ${sum((f) => f.checkedRight)}/${shots} | ${sum((f) => f.missed.length)} | ${sum((f) => f.phantoms.length)} |`,
)
