/**
 * The move log scored again on synthetic solving sessions saved by bench:timelapse-session's
 * `--records FILE`: each session's figures 3 and 4 with today's move log (timelapse/moves.ts), and
 * their totals, in a second, where recording the sessions again takes minutes each; and what the
 * live panel's log costs at a shot late in a long recording.
 *
 *   npm run bench:timelapse-log -- [--readme] FILE...
 *
 * `--readme` writes bench/README.md's "Time-lapse: shots when the paper changes": the figures of
 * issue 14's targets, a column per folder of files (one folder per set of sessions).
 * `--quick` without files records one tiny session first (bench:timelapse-session --quick).
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { checkShots } from '../src/shared/timelapse/check'
import { loggedBoard } from '../src/shared/timelapse/logged-board'
import type { ShotRecord } from '../src/shared/timelapse/shots'
import { QUICK, measuredLine, writeReadmeSection } from '../devkit/readme-section'
import { type LogFigures, filmFigures, logFigures, readSavedSession } from './timelapse-log-figures'

const args = process.argv.slice(2)
const files = args.filter((a) => !a.startsWith('--'))
if (!files.length && QUICK) {
  const file = join(mkdtempSync(join(tmpdir(), 'sudoku-lens-bench-log-')), 'quick-session.json')
  execFileSync(process.execPath, [...process.execArgv, join(import.meta.dirname, 'timelapse-session.ts'), '--quick', '--records', file], { stdio: 'inherit' })
  files.push(file)
}
if (!files.length) {
  console.error('Usage: npm run bench:timelapse-log -- [--readme] FILE... (sessions saved by bench:timelapse-session --records FILE)')
  process.exit(2)
}
const rows = files.map((file) => {
  const saved = readSavedSession(file)
  return { file, name: basename(file), saved, f: logFigures(saved), digits: saved.written.length, pencilled: saved.pencilled.length, shots: saved.records }
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
const LONG_SESSION_REPEATS = QUICK ? 2 : 12
const TIMED_RUNS = QUICK ? 1 : 5
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
const panel = [longest, repeated(longest, LONG_SESSION_REPEATS)].map((shots) => ({
  shot: shots.length,
  board: medianMs(() => loggedBoard(shots)).toFixed(0),
  check: medianMs(() => checkShots(shots)).toFixed(0),
}))
const panelLine =
  `The live panel at shot ${panel[0].shot} (the longest session given) and at shot ${panel[1].shot} (it played ${LONG_SESSION_REPEATS} times over), ` +
  `median of ${TIMED_RUNS}: the log's board ${panel[0].board} and ${panel[1].board} ms, "Check my paper" ${panel[0].check} and ${panel[1].check} ms.`
console.log(panelLine)

if (args.includes('--readme')) writeReadmeSection('Time-lapse: shots when the paper changes', targetsSection())

/** The section: issue 14's targets, a column per folder of saved sessions. */
function targetsSection(): string {
  const groups = [...new Set(rows.map((row) => dirname(row.file)))].map((dir) => [dir, rows.filter((row) => dirname(row.file) === dir)] as const)
  const n = (x: number) => x.toLocaleString('en')
  const total = (group: typeof rows, pick: (row: (typeof rows)[number]) => number | undefined): number | null =>
    group.some((row) => pick(row) === undefined) ? null : group.reduce((a, row) => a + pick(row)!, 0)
  const of = (a: number | null, b: number | null) => (a === null || b === null ? '-' : `${n(a)} of ${n(b)}`)
  const cell = (group: typeof rows, figure: string): string => {
    const digits = total(group, (r) => r.digits)
    const shots = total(group, (r) => r.saved.shots?.length)
    const film = group.map((r) => filmFigures(r.saved))
    const watch = group.map((r) => r.saved.watchPercent).filter((w) => w !== undefined)
    switch (figure) {
      case 'film':
        return of(film.includes(null) ? null : film.reduce((a, f) => a + f!.inFilm, 0), digits)
      case 'own':
        return of(film.includes(null) ? null : film.reduce((a, f) => a + f!.ownShot, 0), digits)
      case 'per digit':
        return shots === null || !digits ? '-' : `${(shots / digits).toFixed(2)} (${n(shots)} shots)`
      case 'hand':
        return String(total(group, (r) => r.saved.handShots) ?? '-')
      case 'in order':
        return of(
          total(group, (r) => r.f.inOrder),
          digits,
        )
      case 'watch':
        return watch.length ? `${Math.min(...watch).toFixed(1)}-${Math.max(...watch).toFixed(1)}% (${watch.length} sessions)` : '-'
      case 'check':
        return of(
          total(group, (r) => r.f.checkedRight),
          total(group, (r) => r.shots.length),
        )
      case 'filled':
        return of(
          total(group, (r) => r.f.filledRight?.live),
          total(group, (r) => r.shots.length),
        )
      default:
        return of(
          total(group, (r) => r.f.marksRight),
          total(group, (r) => r.pencilled),
        )
    }
  }
  const figures: [string, string, string][] = [
    ['film', 'written digits in the film', 'all'],
    ['own', 'written digits in a shot of their own', 'all'],
    ['per digit', 'shots per digit written', '≤ 1.5 on average'],
    ['hand', 'shots with a hand over the grid', 'none'],
    ['in order', 'the move log against the truth: digits in order', 'every move, in order'],
    ['watch', 'watching at 2 looks a second on 1280×720: share of a core', 'under 25%'],
    ['check', 'shots whose live panel\'s "Check my paper" is right', ''],
    ['filled', "shots whose live panel's digits filled are right", ''],
    ['marks', 'pencilled cells logged with their very marks', ''],
  ]
  return [
    '`npm run bench:timelapse-session -- [--digits N] [--seed S] [--photo NAME] [--mistakes F] [--ink-over-marks F] --records FILE` ' +
      '(bench/timelapse-session.ts) records a synthetic solving session (devkit/solving-session.ts: a real photo of an unstarted ' +
      "puzzle, MNIST test digits written one by one in the hint engine's order, pencil marks, a hand with a pen, idle spells, " +
      "camera shake; seeded), watched as the app's vision worker watches, each shot read by the full reader; " +
      "`npm run bench:timelapse-log -- --readme FILE...` (bench/timelapse-log.ts) scores the saved sessions' move log and live " +
      "panel against what was written, a column per folder of sessions. Issue 14's 40 runs are seeds 41-60 on 20 Wicht photos and " +
      '`--mistakes 0.2` and `--ink-over-marks 0.3` seeds 1-10 on image1, 30 digits each; held-out sessions take seeds from 212 on ' +
      'photos no earlier session used.',
    '',
    `| figure | target | ${groups.map(([dir, group]) => `${basename(dir)} (${group.length} session${group.length === 1 ? '' : 's'})`).join(' | ')} |`,
    `|---|---|${groups.map(() => '---|').join('')}`,
    ...figures.map(([key, label, target]) => `| ${label} | ${target} | ${groups.map(([, group]) => cell(group, key)).join(' | ')} |`),
    '',
    panelLine,
    '',
    measuredLine(`npm run bench:timelapse-log -- --readme ${groups.map(([dir]) => `${basename(dir)}/*.json`).join(' ')}`),
  ].join('\n')
}
