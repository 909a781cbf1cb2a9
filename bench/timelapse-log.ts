/**
 * The move log scored again on synthetic solving sessions saved by bench:timelapse-session's
 * `--records FILE`: each session's figures 3 and 4 with today's move log (timelapse-moves.ts), and
 * their totals, in a second, where recording the sessions again takes minutes each.
 *
 *   npm run bench:timelapse-log -- FILE...
 */
import { basename } from 'node:path'
import { type LogFigures, logFigures, readSavedSession } from './timelapse-log-figures'

const files = process.argv.slice(2)
if (!files.length) {
  console.error('Usage: npm run bench:timelapse-log -- FILE... (sessions saved by bench:timelapse-session --records FILE)')
  process.exit(2)
}
const rows = files.map((file) => {
  const saved = readSavedSession(file)
  return { name: basename(file), f: logFigures(saved), digits: saved.written.length, pencilled: saved.pencilled.length, shots: saved.records.length }
})
const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + pick(row), 0)
console.log(
  '| session | in order | extra writes | erasures | mistakes logged, hidden | over marks logged | pencilled logged, very marks | check right | digits filled right: live, film | missed | digits where none was written, last board |',
)
console.log('|---|---|---|---|---|---|---|---|---|---|---|')
for (const { name, f, digits, pencilled, shots } of rows) {
  console.log(
    `| ${name} | ${f.inOrder}/${digits} | ${f.extra} | ${f.erasures} | ${f.mistakesLogged}, ${f.mistakesHidden} of ${f.mistakes} | ${f.overMarksLogged}/${f.overMarks} | ${f.marksLogged}, ${f.marksRight} of ${pencilled} | ${f.checkedRight}/${shots} | ${f.filledRight ? `${f.filledRight.live}, ${f.filledRight.film}` : 'no print saved'} | ${f.missed.join(', ')} | ${f.phantoms.join(', ')} |`,
  )
}
const all = (pick: (f: LogFigures) => number) => sum((row) => pick(row.f))
console.log(
  `| **all ${rows.length}** | ${all((f) => f.inOrder)}/${sum((r) => r.digits)} | ${all((f) => f.extra)} | ${all((f) => f.erasures)} | ${all((f) => f.mistakesLogged)}, ${all((f) => f.mistakesHidden)} of ${all((f) => f.mistakes)} | ${all((f) => f.overMarksLogged)}/${all((f) => f.overMarks)} | ${all((f) => f.marksLogged)}, ${all((f) => f.marksRight)} of ${sum((r) => r.pencilled)} | ${all((f) => f.checkedRight)}/${sum((r) => r.shots)} | ${all((f) => f.filledRight?.live ?? 0)}, ${all((f) => f.filledRight?.film ?? 0)} of ${sum((r) => (r.f.filledRight ? r.shots : 0))} | ${all((f) => f.missed.length)}, of ${all((f) => f.doubted)} doubted labels ${all((f) => f.missedDoubted)} | ${all((f) => f.phantoms.length)} |`,
)
