/** The text an annotated film draws: time, digits filled, the technique behind each new digit, a final card. */
import { describe, expect, it } from 'vitest'
import { solve } from '../../../src/shared/sudoku/solver'
import { formatElapsed } from '../../../src/shared/elapsed'
import { annotationsOf, finalCard } from '../../../src/shared/timelapse/annotations'
import { pagesOf } from '../../../src/shared/timelapse/pages'
import { type ShotRecord, gridText } from '../../../src/shared/timelapse/shots'

// An easy puzzle (every cell follows from singles) and its solution.
const PUZZLE = '530070000600195000098000060800060003400803001700020006060000280000419005000080079'
const givens = Uint8Array.from(PUZZLE, Number)
const solution = solve(givens, { limit: 2 }).solution!
const NO_MARKS = Array(81).fill('').join(',')
// The next puzzle of the book: the same one turned about its diagonal, its givens in other cells.
const NEXT = Array.from(PUZZLE, (_, i) => PUZZLE[(i % 9) * 9 + Math.floor(i / 9)]).join('')
const nextSolution = solve(Uint8Array.from(NEXT, Number), { limit: 2 }).solution!

/** A shot whose entries are the solution's digits in `cells`, plus any `wrong` ones. */
function shot(frame: number, seconds: number, cells: number[], wrong: Record<number, number> = {}): ShotRecord {
  const entries = new Uint8Array(81)
  for (const c of cells) entries[c] = solution[c]
  for (const [c, d] of Object.entries(wrong)) entries[Number(c)] = d
  return { frame, seconds, givens: PUZZLE, entries: gridText(entries), marks: NO_MARKS }
}

describe('annotationsOf', () => {
  const empty = [...PUZZLE].flatMap((c, i) => (c === '0' ? [i] : []))

  it('gives each shot the time, the digits filled and a technique for each new digit', () => {
    const shots = [shot(1, 0, []), shot(2, 65, [empty[0]]), shot(4, 3725, [empty[0], empty[1], empty[2]])]
    const notes = annotationsOf(pagesOf(shots))
    expect(notes.get(1)).toEqual({ elapsed: '0:00', digits: 30, filled: '30/81 digits', notes: [] })
    expect(notes.get(2)?.elapsed).toBe('1:05')
    expect(notes.get(2)?.notes).toEqual([expect.stringMatching(/^r1c3 = 4 · ((naked|hidden) single|full house)$/)])
    expect(notes.get(4)).toMatchObject({ elapsed: '1:02:05', filled: '33/81 digits' })
    expect(notes.get(4)?.notes).toHaveLength(2)
  })

  it("counts the digits on the board its notes are written on, not a shot's own that missed one or took marks for one", () => {
    const [a, b, pencilled] = [empty[0], empty[1], empty[5]]
    // a written at the second shot and missed by the fourth alone; b written at the sixth.
    const missed = [shot(1, 0, []), shot(2, 10, [a]), shot(3, 20, [a]), shot(4, 30, []), shot(5, 40, [a]), shot(6, 50, [a, b])]
    expect([...annotationsOf(pagesOf(missed)).values()].map(({ filled }) => filled)).toEqual([30, 31, 31, 31, 31, 32].map((n) => `${n}/81 digits`))
    // Pencil marks 2 6 8, read as an unsure 2 at the first shot alone, marks at the others.
    const marks = Array.from({ length: 81 }, (_, c) => (c === pencilled ? '268' : '')).join(',')
    const probs = Array.from({ length: 81 }, (_, c) => (c === pencilled ? '2:59 1:35 3:6' : '')).join(',')
    const first = { ...shot(1, 0, [], { [pencilled]: 2 }), probs }
    const marked = [first, { ...shot(2, 10, []), marks }, { ...shot(3, 20, [a]), marks }, { ...shot(4, 30, [a, b]), marks }]
    expect([...annotationsOf(pagesOf(marked)).values()].map(({ filled }) => filled)).toEqual([30, 30, 31, 32].map((n) => `${n}/81 digits`))
  })

  it('calls a wrong digit a mistake', () => {
    // r1c3 is 4 in the solution; 2 is a candidate there that the print does not rule out.
    const annotated = annotationsOf(pagesOf([shot(1, 0, []), shot(2, 10, [], { 2: 2 })]))
    expect(annotated.get(2)?.notes).toEqual(['r1c3 = 2 · a mistake'])
  })
})

describe('finalCard', () => {
  const empty = [...PUZZLE].flatMap((c, i) => (c === '0' ? [i] : []))

  it('tells the total time and the difficulty of a puzzle solved', () => {
    expect(finalCard(pagesOf([shot(1, 0, []), shot(9, 754, empty)])).lines).toEqual(['Solved in 12:34', expect.stringMatching(/^Difficulty: easy/)])
    expect(formatElapsed(59.9)).toBe('0:59')
  })

  it('says how far a recording stopped before the end got, and never calls it solved', () => {
    expect(finalCard(pagesOf([shot(1, 0, []), shot(9, 754, empty.slice(0, 10))])).lines[0]).toBe('40/81 digits in 12:34')
  })

  it('says how many digits are wrong on a paper filled with a mistake among them', () => {
    // Every cell filled, r1c3 with a 2 (a candidate the print does not rule out) where the solution has 4.
    const filled = shot(9, 754, empty.slice(1), { 2: 2 })
    expect(finalCard(pagesOf([shot(1, 0, []), filled])).lines[0]).toBe('Filled in 12:34, 1 digit wrong')
  })

  it('tells each puzzle of a session that moved on to the next puzzle of the book, and its own techniques', () => {
    const next = (frame: number, seconds: number, cells: number[]): ShotRecord => {
      const entries = Uint8Array.from({ length: 81 }, (_, c) => (cells.includes(c) ? nextSolution[c] : 0))
      return { frame, seconds, givens: NEXT, entries: gridText(entries), marks: NO_MARKS }
    }
    const emptyInNext = [...NEXT].flatMap((c, i) => (c === '0' ? [i] : []))
    const shots = [shot(1, 0, []), shot(2, 300, [2]), next(3, 400, []), next(4, 460, [emptyInNext[0]]), next(5, 754, [emptyInNext[0]])]
    expect(finalCard(pagesOf(shots)).lines).toEqual([
      '2 puzzles in 12:34',
      expect.stringMatching(/^Puzzle 1: 6:40 · 31\/81 digits · Difficulty: easy/),
      expect.stringMatching(/^Puzzle 2: 5:54 · 31\/81 digits · Difficulty: easy/),
    ])
    const cell = emptyInNext[0]
    expect(annotationsOf(pagesOf(shots)).get(4)?.notes).toEqual([
      expect.stringMatching(new RegExp(`^r\\dc\\d = ${nextSolution[cell]} · ((naked|hidden) single|full house)$`)),
    ])
    expect(annotationsOf(pagesOf(shots)).get(3)?.notes).toEqual([])
  })
})
