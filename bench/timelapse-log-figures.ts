/**
 * The move log of a synthetic solving session against what was written (bench:timelapse-session's
 * figures 3 and 4, and the live panel's "Check my paper"), from the shots' records alone: so a
 * session saved with `--records` is scored again, in a second, after a change to the move log
 * (bench:timelapse-log), where recording it again takes minutes.
 */
import { readFileSync } from 'node:fs'
import { cellName } from '../src/shared/sudoku/board'
import { annotationsOf } from '../src/shared/timelapse/annotations'
import { checkShots } from '../src/shared/timelapse/check'
import { loggedBoard, loggedDigitsFilled } from '../src/shared/timelapse/logged-board'
import { movesOf } from '../src/shared/timelapse/moves'
import { pagesOf } from '../src/shared/timelapse/pages'
import type { ShotRecord } from '../src/shared/timelapse/shots'
import { LOOK_SECONDS, type PencilledCell, type WrittenDigit } from '../devkit/solving-session'
import { doubtText, doubtedLabel } from '../datasets/mnist-doubted'

/** A session's shots as recorded and what was put on its paper: what `--records` saves. */
export interface SavedSession {
  readonly records: readonly ShotRecord[]
  readonly written: readonly WrittenDigit[]
  readonly pencilled: readonly PencilledCell[]
  /**
   * Every shot the trigger took, read or not, with each cell's ink as the watch measured it
   * (inkText): what bench:timelapse-session's `--replay` reads again without watching. Absent
   * from sessions saved before 2026-11-29, whose shots were all read.
   */
  readonly shots?: readonly SavedShot[]
  /** The photo's print, as the session drew its digits on (gridText); absent from sessions saved before 2026-12-02's last. */
  readonly printed?: string
  /** Shots taken with a hand over the grid, and the watching's share of a core (not measured on a replay); absent from sessions saved before 2026-12-08. */
  readonly handShots?: number
  readonly watchPercent?: number
}

export interface SavedShot {
  readonly look: number
  readonly ink?: string
  /** When the shot's new ink arrived (timelapse/shots.ts's arrivedText); absent from sessions saved before 2026-11-29's last. */
  readonly arrived?: string
}

/** A session saved by `--records`, or one line saying why the file is none, and exit. */
export function readSavedSession(file: string): SavedSession {
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<SavedSession>
    if (Array.isArray(saved.records) && Array.isArray(saved.written) && Array.isArray(saved.pencilled)) return saved as SavedSession
    console.error(`${file}: not a session saved by bench:timelapse-session --records`)
  } catch (error) {
    console.error(`${file}: ${error instanceof Error ? error.message : String(error)}`)
  }
  process.exit(2)
}

export interface LogFigures {
  /** Digits written that the log has, in their order (the longest common subsequence). */
  readonly inOrder: number
  /** Digits the log has beyond those, and which of them went into cells where none was written. */
  readonly extra: number
  readonly stray: readonly string[]
  /** Erasures logged (the synthetic person erases nothing: each is a misreading). */
  readonly erasures: number
  /**
   * Digits written that the log has nowhere, and of them those the last shot read as another digit,
   * and those whose MNIST label a published review doubts (datasets/mnist-doubted.ts).
   */
  readonly missed: readonly string[]
  readonly misread: number
  readonly missedDoubted: number
  /** Digits written whose MNIST label is doubted, missed or not (none for sessions saved before 2026-11-29's last). */
  readonly doubted: number
  /** Digits logged doubtful (settled by the solution or the candidates), and of them those written. */
  readonly doubtful: number
  readonly doubtfulRight: number
  /** The person's mistakes: written, logged as written, and settled to the solution's digit. */
  readonly mistakes: number
  readonly mistakesLogged: number
  readonly mistakesHidden: number
  /** Digits written over their cell's pencil marks, and those logged as written, once. */
  readonly overMarks: number
  readonly overMarksLogged: number
  /** Pencilled cells logged (any marks, or marks unread), and logged with their very marks; marks moves; those in other cells. */
  readonly marksLogged: number
  readonly marksRight: number
  readonly marksMoves: number
  readonly marksElsewhere: number
  /** The pencilled cells the log has without their very marks, and what it has there last. */
  readonly marksMissed: readonly string[]
  /** Shots whose board took a written digit for print, and those digits. */
  readonly boardsWrong: number
  readonly printedWritten: number
  /** Shots whose "Check my paper", on the paper as the shots so far have it (digits and pencil marks), answers right. */
  readonly checkedRight: number
  /** Cells the board after the last shot has a written digit in where none was written (the panel's digits filled counts them). */
  readonly phantoms: readonly string[]
  /**
   * Shots whose digits filled is the paper's, its print and the digits written by then: on the live
   * panel (loggedDigitsFilled, the shots so far) and in the annotated film (annotationsOf). Null
   * for a session saved without its print.
   */
  readonly filledRight: { readonly live: number; readonly film: number } | null
}

export function logFigures({ records, written, pencilled, printed }: SavedSession): LogFigures {
  const moves = movesOf(records)
  const digitMoves = moves.filter((m) => m.kind === 'digit')
  const logged = digitMoves.filter((m) => m.digit !== 0)
  const inOrder = commonInOrder(
    written.map((w) => `${w.cell}:${w.digit}`),
    logged.map((m) => `${m.cell}:${m.digit}`),
  )
  const writtenIn = (cell: number) => written.some((w) => w.cell === cell)
  const pencilledIn = (cell: number) => pencilled.some((p) => p.cell === cell)
  const stray = logged.filter((m) => !writtenIn(m.cell)).map((m) => `${cellName(m.cell)} ${m.digit}${pencilledIn(m.cell) ? ' (pencilled)' : ''}`)
  // What the reader made of the digits the log misses, in the last shot: another digit, or none.
  const last = records.at(-1)
  const finalDigit = (cell: number) => Number(last?.entries[cell] ?? 0) || Number(last?.givens[cell] ?? 0)
  const missed = written.filter((w) => !logged.some((m) => m.cell === w.cell && m.digit === w.digit))
  const doubtful = logged.filter((m) => m.doubtful)
  const mistakes = written.filter((w) => w.mistake)
  const overMarks = written.filter((w) => pencilledIn(w.cell))
  const marksMoves = moves.filter((m) => m.kind === 'marks')
  const loggedRight = (p: PencilledCell) => marksMoves.some((m) => m.cell === p.cell && m.marks.join() === p.marks.join())
  // The live panel: written digits taken for print on each shot's board, and "Check my paper" on the
  // paper as the shots so far have it, as the panel asks it (timelapse/check.ts: a mistake where the
  // paper has one by then, none where it has none).
  const onPaper = (r: ShotRecord) => written.filter((w) => r.seconds >= w.look * LOOK_SECONDS)
  const printedWritten = records.map((r) => onPaper(r).filter((w) => r.givens[w.cell] !== '0').length)
  const film = annotationsOf(pagesOf(records))
  const printedDigits = [...(printed ?? '')].filter((d) => d !== '0').length
  const filledOnPaper = (r: ShotRecord) => printedDigits + onPaper(r).length
  return {
    inOrder,
    extra: logged.length - inOrder,
    stray,
    erasures: digitMoves.length - logged.length,
    missed: missed.map((w) => {
      const notes = [finalDigit(w.cell) ? `read ${finalDigit(w.cell)}` : '', doubtOf(w)].filter(Boolean)
      return `${cellName(w.cell)} ${w.digit}${notes.length ? ` (${notes.join('; ')})` : ''}`
    }),
    misread: missed.filter((w) => finalDigit(w.cell) !== 0).length,
    missedDoubted: missed.filter((w) => doubtOf(w)).length,
    doubted: written.filter((w) => doubtOf(w)).length,
    doubtful: doubtful.length,
    doubtfulRight: doubtful.filter((m) => written.some((w) => w.cell === m.cell && w.digit === m.digit)).length,
    mistakes: mistakes.length,
    mistakesLogged: mistakes.filter((w) => logged.some((m) => m.cell === w.cell && m.digit === w.digit)).length,
    mistakesHidden: mistakes.filter((w) => logged.some((m) => m.cell === w.cell && m.doubtful && m.digit !== w.digit)).length,
    overMarks: overMarks.length,
    overMarksLogged: overMarks.filter((w) => {
      const there = logged.filter((m) => m.cell === w.cell)
      return there.length === 1 && there[0].digit === w.digit
    }).length,
    marksLogged: pencilled.filter((p) => marksMoves.some((m) => m.cell === p.cell && (m.marks.length || m.unread))).length,
    marksRight: pencilled.filter(loggedRight).length,
    marksMoves: marksMoves.length,
    marksElsewhere: marksMoves.filter((m) => !pencilledIn(m.cell)).length,
    marksMissed: pencilled
      .filter((p) => !loggedRight(p))
      .map((p) => {
        const there = marksMoves.filter((m) => m.cell === p.cell).at(-1)
        const had = !there ? 'no marks logged' : there.unread ? 'logged unread' : `logged ${there.marks.join(' ') || 'erased'}`
        return `${cellName(p.cell)} ${p.marks.join(' ')} (${had})`
      }),
    boardsWrong: printedWritten.filter(Boolean).length,
    printedWritten: printedWritten.reduce((a, b) => a + b, 0),
    phantoms: phantomDigits(records, written),
    filledRight:
      printed === undefined
        ? null
        : {
            live: records.filter((r, i) => loggedDigitsFilled(records.slice(0, i + 1)) === filledOnPaper(r)).length,
            film: records.filter((r) => film.get(r.frame)?.digits === filledOnPaper(r)).length,
          },
    checkedRight: records.filter((r, i) => {
      const check = checkShots(records.slice(0, i + 1))!
      return onPaper(r).some((w) => w.mistake) ? check.kind === 'mistake' : check.kind === 'no-mistakes'
    }).length,
  }
}

/**
 * Written digits in the film (a shot at or after the look that showed them) and in a shot of their
 * own (before the next ink, digit or marks, arrived): from every shot the trigger took, so null
 * for a session saved without them.
 */
export function filmFigures({ shots, written, pencilled }: SavedSession): { inFilm: number; ownShot: number; marksShot: number } | null {
  if (!shots) return null
  const looks = shots.map((shot) => shot.look)
  const inks = [...written, ...pencilled].map((ink) => ink.look).sort((a, b) => a - b)
  const hasOwnShot = (look: number) => looks.some((s) => s >= look && s < (inks.find((l) => l > look) ?? Infinity))
  return {
    inFilm: written.filter((w) => looks.some((s) => s >= w.look)).length,
    ownShot: written.filter((w) => hasOwnShot(w.look)).length,
    marksShot: pencilled.filter((p) => hasOwnShot(p.look)).length,
  }
}

/** The cells the log's board after the last shot has a digit in, neither printed nor written. */
function phantomDigits(records: readonly ShotRecord[], written: readonly WrittenDigit[]): string[] {
  const board = loggedBoard(records)
  if (!board) return []
  const cells = [...board.entries.keys()].filter((cell) => board.entries[cell] && !board.givens[cell] && !written.some((w) => w.cell === cell))
  return cells.map((cell) => `${cellName(cell)} ${board.entries[cell]}`)
}

/** Length of the longest common subsequence: how many of `truth` the log has, in their order. */
function commonInOrder(a: readonly string[], b: readonly string[]): number {
  const row = new Array<number>(b.length + 1).fill(0)
  for (const x of a) {
    let diagonal = 0
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]
      row[j] = x === b[j - 1] ? diagonal + 1 : Math.max(row[j], row[j - 1])
      diagonal = above
    }
  }
  return row[b.length]
}

/** A written digit's doubted MNIST label in words, or '' (also where a session saved before 2026-11-29's last names no sample). */
function doubtOf(written: WrittenDigit): string {
  const review = doubtedLabel(written.sample)
  return review ? doubtText(written.sample, review) : ''
}
