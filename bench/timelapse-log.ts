/**
 * The move log scored again on synthetic solving sessions saved by bench:timelapse-session's
 * `--records FILE`: each session's figures 3 and 4 with today's move log (timelapse/moves.ts), and
 * their totals, in a second, where recording the sessions again takes minutes each; and what the
 * live panel's log costs at a shot late in a long recording.
 *
 *   npm run bench:timelapse-log -- FILE...
 */
import { basename } from 'node:path'
import { checkShots } from '../src/shared/timelapse/check'
import { loggedBoard } from '../src/shared/timelapse/logged-board'
import type { ShotRecord } from '../src/shared/timelapse/shots'
import { type LogFigures, logFigures, readSavedSession } from './timelapse-log-figures'

const files = process.argv.slice(2)
if (!files.length) {
  console.error('Usage: npm run bench:timelapse-log -- FILE... (sessions saved by bench:timelapse-session --records FILE)')
  process.exit(2)
}
const rows = files.map((file) => {
  const saved = readSavedSession(file)
  return { name: basename(file), f: logFigures(saved), digits: saved.written.length, pencilled: saved.pencilled.length, shots: saved.records }
})
const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + pick(row), 0)
console.log(
  '| session | in order | extra writes | erasures | mistakes logged, hidden | over marks logged | pencilled logged, very marks | check right | digits filled right: live, film | missed | digits where none was written, last board |',
)
console.log('|---|---|---|---|---|---|---|---|---|---|---|')
for (const { name, f, digits, pencilled, shots } of rows) {
  console.log(
    `| ${name} | ${f.inOrder}/${digits} | ${f.extra} | ${f.erasures} | ${f.mistakesLogged}, ${f.mistakesHidden} of ${f.mistakes} | ${f.overMarksLogged}/${f.overMarks} | ${f.marksLogged}, ${f.marksRight} of ${pencilled} | ${f.checkedRight}/${shots.length} | ${f.filledRight ? `${f.filledRight.live}, ${f.filledRight.film}` : 'no print saved'} | ${f.missed.join(', ')} | ${f.phantoms.join(', ')} |`,
  )
}
const all = (pick: (f: LogFigures) => number) => sum((row) => pick(row.f))
console.log(
  `| **all ${rows.length}** | ${all((f) => f.inOrder)}/${sum((r) => r.digits)} | ${all((f) => f.extra)} | ${all((f) => f.erasures)} | ${all((f) => f.mistakesLogged)}, ${all((f) => f.mistakesHidden)} of ${all((f) => f.mistakes)} | ${all((f) => f.overMarksLogged)}/${all((f) => f.overMarks)} | ${all((f) => f.marksLogged)}, ${all((f) => f.marksRight)} of ${sum((r) => r.pencilled)} | ${all((f) => f.checkedRight)}/${sum((r) => r.shots.length)} | ${all((f) => f.filledRight?.live ?? 0)}, ${all((f) => f.filledRight?.film ?? 0)} of ${sum((r) => (r.f.filledRight ? r.shots.length : 0))} | ${all((f) => f.missed.length)}, of ${all((f) => f.doubted)} doubted labels ${all((f) => f.missedDoubted)} | ${all((f) => f.phantoms.length)} |`,
)

/**
 * The live panel's work at each shot weighs every shot so far (PaperWatch.svelte.ts): the log's
 * board (loggedBoard: the digits filled, the stop when solved), and "Check my paper" when asked
 * (checkShots). Timed on the longest session given, and on it played LONG_SESSION_REPEATS times
 * over: a solve of an hour or two at a shot every 10-15 s.
 */
const LONG_SESSION_REPEATS = 12
const TIMED_RUNS = 5
const longest = rows.reduce((a, b) => (b.shots.length > a.shots.length ? b : a)).shots
const repeated = (shots: readonly ShotRecord[], times: number): ShotRecord[] => {
  const span = shots[shots.length - 1].seconds + 1
  return Array.from({ length: times }, (_, k) => shots.map((s) => ({ ...s, frame: s.frame + k * shots.length, seconds: s.seconds + k * span }))).flat()
}
/** The median of TIMED_RUNS timings of `work`, in ms, after one run to warm up. */
const medianMs = (work: () => unknown): number => {
  work()
  const times = Array.from({ length: TIMED_RUNS }, () => {
    const start = performance.now()
    work()
    return performance.now() - start
  })
  return times.sort((a, b) => a - b)[Math.floor(TIMED_RUNS / 2)]
}
for (const shots of [longest, repeated(longest, LONG_SESSION_REPEATS)]) {
  console.log(
    `The live panel at shot ${shots.length}: the log's board ${medianMs(() => loggedBoard(shots)).toFixed(0)} ms, "Check my paper" ${medianMs(() => checkShots(shots)).toFixed(0)} ms (median of ${TIMED_RUNS}).`,
  )
}
