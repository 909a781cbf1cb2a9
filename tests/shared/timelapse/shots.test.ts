/** The per-shot boards a time-lapse records, and the move log made from them. */
import { describe, expect, it } from 'vitest'
import { MARKS_UNREAD, cellName, digitBit } from '../../../src/shared/sudoku/board'
import { solve } from '../../../src/shared/sudoku/solver'
import { checkedBoard, loggedBoard, loggedDigitsFilled } from '../../../src/shared/timelapse/logged-board'
import { MARKS_INK_RISE, moveRecord, movesOf } from '../../../src/shared/timelapse/moves'
import {
  type ShotRecord,
  arrivedOfText,
  arrivedText,
  inkOfText,
  inkText,
  marksOfText,
  marksText,
  probsOfText,
  shotBoard,
  shotBoardGuard,
  shotRecordsOf,
} from '../../../src/shared/timelapse/shots'
import { INFORMED_RATIO } from '../../../src/shared/vision/paper/decide-page'

const EMPTY = '0'.repeat(81)
/** `text` with the digits of `cells` ({ cell: digit }) put in. */
const withDigits = (text: string, cells: Record<number, number>): string => Array.from(text, (c, i) => (i in cells ? String(cells[i]) : c)).join('')
const NO_MARKS = Array(81).fill('').join(',')
/** A puzzle with one solution, and the next puzzle of the book: the same turned about its diagonal, its givens in other cells. */
const PUZZLE = '530070000600195000098000060800060003400803001700020006060000280000419005000080079'
const NEXT = Array.from(PUZZLE, (_, i) => PUZZLE[(i % 9) * 9 + Math.floor(i / 9)]).join('')
/** A puzzle's givens as `shot` takes them. */
const givensOf = (puzzle: string): Record<number, number> => Object.fromEntries([...puzzle].flatMap((d, c) => (d === '0' ? [] : [[c, Number(d)]])))

const shot = (frame: number, seconds: number, entries: Record<number, number>, givens: Record<number, number> = { 0: 5 }): ShotRecord => ({
  frame,
  seconds,
  givens: withDigits(EMPTY, givens),
  entries: withDigits(EMPTY, entries),
  marks: NO_MARKS,
})

/** `s` with the reader's probabilities for some cells ("4:60 9:40"), none elsewhere. */
const withProbs = (s: ShotRecord, cells: Record<number, string>): ShotRecord => ({
  ...s,
  probs: Array.from({ length: 81 }, (_, c) => cells[c] ?? '').join(','),
})

/**
 * A board's optional `field` (ink, arrived): kept through a manifest and a request when `good`;
 * a request with it malformed refused, saying which field; a manifest's `damaged` one costing the
 * record only it.
 */
function expectOptionalField(field: 'ink' | 'arrived', good: string, damaged: string): void {
  const board = { ...shot(1, 2, { 4: 9 }), [field]: good }
  expect(shotRecordsOf([board])).toEqual([board])
  const { frame: _frame, seconds: _seconds, ...sent } = board
  expect(shotBoardGuard(sent)).toEqual(sent)
  expect(() => shotBoardGuard({ ...sent, [field]: '5,5' })).toThrow(new RegExp(`${field} must be 81`))
  expect(shotRecordsOf([{ ...board, [field]: damaged }])).toEqual([shot(1, 2, { 4: 9 })])
}

describe('shot boards', () => {
  it('keep givens, entries and marks (unread ones too) through their text form', () => {
    const marks = new Uint16Array(81)
    marks[3] = digitBit(1) | digitBit(7)
    marks[80] = MARKS_UNREAD
    const board = shotBoard(
      Uint8Array.from({ length: 81 }, (_, i) => (i === 0 ? 9 : 0)),
      new Uint8Array(81),
      marks,
    )
    expect(board.givens).toBe(`9${'0'.repeat(80)}`)
    expect(board.marks.split(',')[3]).toBe('17')
    expect(board.marks.split(',')[80]).toBe('?')
    expect(marksOfText(marksText(marks))).toEqual(marks)
  })

  it("keep the reader's digit probabilities, from 1%, best first, and take a board without them", () => {
    const probs: (number[] | null)[] = Array(81).fill(null)
    probs[4] = [0, 0, 0, 0.41, 0, 0, 0, 0.004, 0.586]
    const board = shotBoard(new Uint8Array(81), new Uint8Array(81), new Uint16Array(81), probs)
    expect(board.probs!.split(',')[4]).toBe('9:59 4:41')
    expect(probsOfText(board.probs!)![4]![3]).toBeCloseTo(0.41)
    expect(probsOfText(board.probs!)![5]).toBeNull()
    // Read back, percents keep the odds they were written at: 1% against 50% is INFORMED_RATIO, not under it.
    const atRatio = probsOfText(board.probs!.replace('9:59 4:41', '4:50 9:1'))![4]!
    expect(atRatio[8] / atRatio[3]).toBeGreaterThanOrEqual(INFORMED_RATIO)
    expect(shotBoardGuard(board)).toEqual(board)
    expect(() => shotBoardGuard({ ...board, probs: 'x' })).toThrow(/probs must be 81/)
    // A manifest's damaged probabilities cost the record only them.
    const ok = shot(1, 2, { 4: 9 })
    expect(shotRecordsOf([{ ...ok, probs: '9:x' }])).toEqual([ok])
  })

  it("keep each cell's ink as the watch measured it, in thousandths, and refuse or drop damaged ink", () => {
    const ink = Float32Array.from({ length: 81 }, (_, c) => (c === 7 ? 0.2346 : c === 8 ? 1.4 : 0))
    const text = inkText(ink)
    expect(text.split(',').slice(6, 9)).toEqual(['0', '235', '1000'])
    expect(inkOfText(text)![7]).toBeCloseTo(0.235)
    expect(inkOfText(text.replace('235', '1001'))).toBeUndefined()
    expect(inkOfText(text.slice(2))).toBeUndefined()
    expectOptionalField('ink', text, text.replace('235', '-1'))
  })

  it("keep how long before the shot each cell's new ink arrived, in tenths of a second, and refuse or drop damaged arrivals", () => {
    const text = arrivedText({ changed: [3, 40], arrived: [1000, 2460] }, 4000)
    expect(text.split(',').slice(2, 5)).toEqual(['', '30', ''])
    expect(text.split(',')[40]).toBe('15')
    const secondsBefore = arrivedOfText(text)!
    expect([secondsBefore[3], secondsBefore[40]]).toEqual([3, 1.5])
    expect(Number.isNaN(secondsBefore[0])).toBe(true)
    expect(arrivedOfText(text.replace('30', '3.0'))).toBeUndefined()
    expectOptionalField('arrived', text, text.replace('15', '-1'))
  })

  it('refuse a malformed board or one with unknown keys, saying which field', () => {
    const good = { givens: EMPTY, entries: EMPTY, marks: NO_MARKS }
    expect(shotBoardGuard(good)).toEqual(good)
    expect(() => shotBoardGuard({ ...good, extra: 1 })).toThrow(/board.extra is not allowed/)
    expect(() => shotBoardGuard({ ...good, givens: '12' })).toThrow(/givens must be 81 digits/)
    expect(() => shotBoardGuard({ ...good, marks: NO_MARKS.slice(1) })).toThrow(/marks must be 81/)
    expect(() => shotBoardGuard({ givens: EMPTY, entries: EMPTY })).toThrow(/board.marks must be given/)
  })

  it('load from an old or damaged manifest: none when missing, damaged records left out', () => {
    expect(shotRecordsOf(undefined)).toEqual([])
    const ok = shot(1, 2, { 1: 3 })
    expect(shotRecordsOf([ok, { ...ok, frame: 0 }, { ...ok, entries: 'x' }, null, { ...ok, seconds: -1 }])).toEqual([ok])
  })
})

/**
 * A shot of r8c8 pencilled 1 2 8: read as those marks, or where `probs` has it, as a digit; the
 * digits of `probs` ("2:88 1:11") read in their cells.
 */
const withMarks128 = (frame: number, probs: Record<number, string> = {}): ShotRecord =>
  withProbs(
    {
      ...shot(frame, 2 * frame, Object.fromEntries(Object.entries(probs).map(([c, p]) => [c, Number(p[0])]))),
      marks: Array.from({ length: 81 }, (_, c) => (c === 70 && !probs[70] ? '128' : '')).join(','),
    },
    probs,
  )

describe('movesOf', () => {
  it('lists each written, changed and erased pen digit once, in time order, a change once it persists', () => {
    const shots = [
      shot(1, 0, {}),
      shot(2, 4, { 1: 3, 10: 4 }),
      shot(3, 9, { 1: 3, 10: 4 }),
      shot(5, 12.34, { 1: 8, 10: 4, 20: 2 }),
      shot(6, 15, { 1: 8, 20: 2 }),
      shot(7, 17, { 1: 8, 20: 2 }),
    ]
    expect(movesOf(shots).map(moveRecord)).toEqual([
      { seconds: 4, frame: 2, cell: 'r1c2', digit: 3, was: 0 },
      { seconds: 4, frame: 2, cell: 'r2c2', digit: 4, was: 0 },
      { seconds: 12.3, frame: 5, cell: 'r1c2', digit: 8, was: 3 },
      { seconds: 12.3, frame: 5, cell: 'r3c3', digit: 2, was: 0 },
      { seconds: 15, frame: 6, cell: 'r2c2', digit: 0, was: 4 },
    ])
  })

  it('tells the digits one shot shows in the order the watch saw their ink arrive, ink it did not see arrive last', () => {
    // A 6 written in r6c6, then a 1 in r6c5 before the grid was clear long enough for a shot; r2c2's ink was not seen arrive.
    const arrived = Array.from({ length: 81 }, (_, c) => (c === 50 ? '105' : c === 49 ? '10' : '')).join(',')
    const both = { 49: 1, 50: 6, 10: 4 }
    const shots = [shot(1, 0, {}), { ...shot(2, 12, both), arrived }, shot(3, 15, both)]
    const told = (records: ShotRecord[]) => movesOf(records).map((m) => (m.kind === 'digit' ? `${cellName(m.cell)} ${m.digit}` : m.kind))
    expect(told(shots)).toEqual(['r6c6 6', 'r6c5 1', 'r2c2 4'])
    // Without the arrivals (a manifest from before they were kept): reading order.
    expect(told([shots[0], shot(2, 12, both), shots[2]])).toEqual(['r2c2 4', 'r6c5 1', 'r6c6 6'])
  })

  it('weighs every shot that shows a cell: a lone missed or misread shot is no move', () => {
    const shots = [
      shot(1, 0, {}),
      shot(2, 2, { 9: 6 }),
      shot(3, 4, { 9: 6 }),
      shot(4, 6, {}),
      shot(5, 8, { 9: 5 }),
      shot(6, 10, { 9: 6 }),
      shot(7, 12, { 9: 6, 10: 1 }),
      shot(8, 14, { 9: 6, 10: 7 }),
      shot(9, 16, { 9: 6, 10: 7 }),
      shot(10, 18, { 9: 6, 10: 5 }),
    ]
    // r2c1's 6 from its first reading (the empty and the 5 later are misreads); r2c2's lone 1 is outweighed by the 7
    // after it, and the last shot's lone 5 is no overwrite.
    expect(movesOf(shots).map((m) => [m.seconds, m.kind !== 'page' && m.cell, m.kind === 'digit' && m.digit])).toEqual([
      [2, 9, 6],
      [14, 10, 7],
    ])
  })

  it("decides a digit from the reader's probabilities over all its shots, not each shot's top choice", () => {
    // A 4 the reader takes for a 9 about half the time, and by a little more on the whole.
    const probs = (p4: number) => ({ 12: `4:${p4} 9:${100 - p4}` })
    const readings = [60, 48, 49, 59, 47, 60, 58].map((p4, i) => withProbs(shot(i + 2, 2 * i + 2, { 12: p4 >= 50 ? 4 : 9 }), probs(p4)))
    expect(movesOf([shot(1, 0, {}), ...readings]).map(moveRecord)).toEqual([{ seconds: 2, frame: 2, cell: 'r2c4', digit: 4, was: 0 }])
  })

  it('lets the candidates settle two close readings, marked doubtful, but never a clear one', () => {
    // r1c2 is read 9 a little more than 7, but r1c1 holds a printed 9; r1c3's 9 is clear, so stays a 9 (a mistake).
    const close = withProbs(shot(2, 2, { 1: 9, 2: 9 }), { 1: '9:54 7:27 4:18', 2: '9:97 7:2' })
    const moves = movesOf([shot(1, 0, {}, { 0: 9 }), close, { ...close, frame: 3, seconds: 4 }]).map(moveRecord)
    expect(moves).toEqual([
      { seconds: 2, frame: 2, cell: 'r1c2', digit: 7, was: 0, doubtful: true },
      { seconds: 2, frame: 2, cell: 'r1c3', digit: 9, was: 0 },
    ])
  })

  it('lets the solution settle an unclear stroke as the reader does, marked doubtful, but never a clear mistake', () => {
    // A puzzle with one solution; r1c3 is 4 there and r1c4 is 6 (both cells have 2 or 3 candidates).
    const givens = givensOf(PUZZLE)
    const read = (frame: number, probs: Record<number, string>) =>
      withProbs(shot(frame, 2 * frame, Object.fromEntries(Object.entries(probs).map(([c, p]) => [c, Number(p[0])])), givens), probs)
    // r1c3's 1 leaves the solution's 4 close (a quarter as likely); r1c4's 2 is clear: the person's mistake. Shots
    // that miss both cells weigh no digit above another, so the one here does not bring the 6 nearer.
    const unclear = { 2: '1:72 2:10 4:18', 3: '2:97 6:1' }
    const shots = [shot(1, 0, {}, givens), read(2, unclear), read(3, unclear), read(4, {}), read(5, unclear)]
    const moves = movesOf(shots).map(moveRecord)
    expect(moves).toEqual([
      { seconds: 4, frame: 2, cell: 'r1c3', digit: 4, was: 0, doubtful: true },
      { seconds: 4, frame: 2, cell: 'r1c4', digit: 2, was: 0 },
    ])
  })

  it('asks the solution for closer odds where the best reading was one of few candidates when written', () => {
    const givens = givensOf(PUZZLE)
    // Both read the solution's digit at 0.07 of the best. r1c4 (candidates 2 and 6, the solution's 6) had one
    // wrong candidate to write by mistake, r7c3 (1 3 4 5 7 9, the solution's 1) five.
    const read = withProbs(shot(2, 2, { 3: 2, 56: 3 }, givens), { 3: '2:90 6:6', 56: '3:90 1:6' })
    const moves = movesOf([shot(1, 0, {}, givens), read, { ...read, frame: 3, seconds: 4 }]).map(moveRecord)
    expect(moves).toEqual([
      { seconds: 2, frame: 2, cell: 'r1c4', digit: 2, was: 0 },
      { seconds: 2, frame: 2, cell: 'r7c3', digit: 1, was: 0, doubtful: true },
    ])
  })

  it('lets the solution settle a clear reading that repeats a printed digit of its row, column or box, marked doubtful', () => {
    const givens = givensOf(PUZZLE)
    // r1c4 is 6 in the solution; its stroke is read surely as the 7 printed two cells along, in every shot.
    const sure = withProbs(shot(2, 2, { 3: 7 }, givens), { 3: '7:98 6:1' })
    const moves = movesOf([shot(1, 0, {}, givens), sure, { ...sure, frame: 3, seconds: 4 }]).map(moveRecord)
    expect(moves).toEqual([{ seconds: 2, frame: 2, cell: 'r1c4', digit: 6, was: 0, doubtful: true }])
  })

  it('lets the solution settle a clear reading that repeats a digit written later in its row, column or box, not one written with it', () => {
    const givens = givensOf(PUZZLE)
    // r1c3 (the solution's 4; candidates 1, 2 and 4) read surely as 2, the solution's digit of r1c9, two cells along.
    const read = (frame: number, entries: Record<number, number>) =>
      withProbs(shot(frame, 2 * frame, entries, givens), Object.fromEntries(Object.keys(entries).map((c) => [c, c === '2' ? '2:98 4:1' : '2:99'])))
    const logged = (shots: ShotRecord[]) => movesOf([shot(1, 0, {}, givens), ...shots]).map((m) => moveRecord(m))
    // r1c9's 2 written two shots later: its writer saw no 2 in r1c3, so the stroke there is the solution's 4.
    expect(logged([read(2, { 2: 2 }), read(3, { 2: 2 }), read(4, { 2: 2, 8: 2 }), read(5, { 2: 2, 8: 2 })])).toEqual([
      { seconds: 4, frame: 2, cell: 'r1c3', digit: 4, was: 0, doubtful: true },
      { seconds: 8, frame: 4, cell: 'r1c9', digit: 2, was: 0 },
    ])
    // Both first seen in one shot, which came first is unknown: r1c3's 2 is logged as written, a mistake.
    expect(logged([read(2, { 2: 2, 8: 2 }), read(3, { 2: 2, 8: 2 })]).map((m) => m.digit)).toEqual([2, 2])
  })

  it('takes a reading split between a printed digit of its row, column or box and one other for the other, but one spread wider for the solution', () => {
    const givens = givensOf(PUZZLE)
    // r1c4 (the solution's 6; 1 3 4 5 7 8 9 printed in its row, column or box) read over two shots.
    const logged = (probs: string) => {
      const read = withProbs(shot(2, 2, { 3: Number(probs[0]) }, givens), { 3: probs })
      return movesOf([shot(1, 0, {}, givens), read, { ...read, frame: 3, seconds: 4 }]).map((m) => moveRecord(m).digit)
    }
    // A 2 written by mistake, its stroke read as the printed 7 nearly as much: the person's 2.
    expect(logged('7:50 2:45 6:2')).toEqual([2])
    // Split between two printed digits, or spread over three (pencil marks read together, a crease): the solution's.
    expect(logged('7:50 9:45 2:2')).toEqual([6])
    expect(logged('7:45 2:30 1:20')).toEqual([6])
    // The other is the solution's digit: that, as before.
    expect(logged('7:50 6:45 2:2')).toEqual([6])
  })

  it('logs a digit written where a reading the solution settles to it was there before: a stain is no digit', () => {
    const givens = givensOf(PUZZLE)
    // r1c3 is 4 in the solution (candidates 1, 2 and 4); the 4 written at frame 5 (its ink arrives, 0.137 of the
    // cell) is read as a 2 with the 4 close. Before, something is read there as a digit that the solution settles to
    // the 4: in a cell the watch measured bare, an unsure 1 (a printed digit showing through); with a little ink, the
    // 6 printed in its box (a crease).
    const read = (frame: number, probs: string, ink: number): ShotRecord => ({
      ...withProbs(shot(frame, 2 * frame, { 2: Number(probs[0]) }, givens), { 2: probs }),
      ink: Array.from({ length: 81 }, (_, c) => (c === 2 ? ink : 0)).join(','),
    })
    const written = Array.from({ length: 10 }, (_, i) => read(i + 5, '2:80 4:15', 137))
    for (const [stain, ink] of [
      ['1:39 4:28 2:15', 0],
      ['6:80 1:15 4:5', 25],
    ] as const) {
      const shots = [1, 2, 3, 4].map((f) => read(f, stain, ink))
      // Before the 4 is written, the board has none there where the cell is bare; the crease is taken for the 4.
      expect(loggedBoard(shots)!.entries[2]).toBe(ink ? 4 : 0)
      expect([ink, movesOf([...shots, ...written]).map(moveRecord)]).toEqual([ink, [{ seconds: 10, frame: 5, cell: 'r1c3', digit: 4, was: 0, doubtful: true }]])
    }
  })

  it('logs a digit written clearly over a crease read from the first shot on as another digit, where the crease read it a little too', () => {
    const givens = givensOf(PUZZLE)
    // r1c3 is 4 in the solution. A crease (a little ink) is read as a 6, with the 4 at 8%, in eight
    // shots; the 4 written at frame 9 (its ink arrives) is read surely. Taking the 4 for there all
    // along costs its first shot 2.2 nats and the seven others a fifth of that each (their ink the
    // same): less than a change, so only the ink arriving tells the 4 was written then.
    const read = (frame: number, probs: string, ink: number): ShotRecord => ({
      ...withProbs(shot(frame, 2 * frame, { 2: Number(probs[0]) }, givens), { 2: probs }),
      ink: Array.from({ length: 81 }, (_, c) => (c === 2 ? ink : 0)).join(','),
    })
    const shots = [
      ...Array.from({ length: 8 }, (_, i) => read(i + 1, '6:70 1:22 4:8', 25)),
      ...Array.from({ length: 10 }, (_, i) => read(i + 9, '4:98 1:1', 137)),
    ]
    expect(movesOf(shots).map(moveRecord)).toEqual([{ seconds: 18, frame: 9, cell: 'r1c3', digit: 4, was: 0 }])
  })

  it('takes a digit read now and then in a cell of pencil marks for its marks, but logs a digit written over them', () => {
    const read = (frame: number, marks: Record<number, string>, probs: Record<number, string> = {}): ShotRecord =>
      withProbs(
        {
          ...shot(frame, 2 * frame, Object.fromEntries(Object.entries(probs).map(([c, p]) => [c, Number(p[0])]))),
          marks: Array.from({ length: 81 }, (_, c) => marks[c] ?? '').join(','),
        },
        probs,
      )
    // r3c3's marks 268 are read twice running as an unsure 2, then as marks again; r4c4's 17 get a 7 written over them.
    const both = { 20: '268', 30: '17' }
    const shots = [
      read(1, {}),
      read(2, both),
      read(3, both),
      read(4, { 30: '17' }, { 20: '2:59 1:35 3:6' }),
      read(5, { 30: '17' }, { 20: '2:59 1:35 3:6' }),
      read(6, both),
      read(7, { 20: '268' }, { 30: '7:95 1:5' }),
      read(8, { 20: '?' }, { 30: '7:95 1:5' }),
      read(9, { 20: '268' }, { 30: '7:95 1:5' }),
    ]
    expect(
      movesOf(shots)
        .filter((m) => m.kind === 'digit')
        .map(moveRecord),
    ).toEqual([{ seconds: 14, frame: 7, cell: 'r4c4', digit: 7, was: 0 }])
  })

  it('takes a run of sure digit readings in a cell read as marks before and after for its marks', () => {
    // r8c8's marks 1, 2 and 8 are read as a 2 at 88% in three shots running, between shots of marks:
    // a pen digit cannot be rubbed out leaving its marks, so no digit was written.
    const sure2 = { 70: '2:88 1:11' }
    const read = withMarks128
    const shots = [read(1), read(2), read(3), read(4, sure2), read(5, sure2), read(6, sure2), read(7), read(8), read(9)]
    expect(movesOf(shots).filter((m) => m.kind === 'digit')).toEqual([])
  })

  it("takes a change of reading where the cell's ink did not change for a misreading, and logs one where it did", () => {
    // r8c8 holds marks 1, 2 and 8; r9c9 is empty until a 4 is written. Both are read as a sure digit
    // in six shots running, from the fourth; the watch saw r9c9's ink change there, and r8c8's never.
    const INK_MARKS = 30
    const read = (frame: number, probs: Record<number, string>, digitInk: number): ShotRecord => ({
      ...withMarks128(frame, probs),
      ink: Array.from({ length: 81 }, (_, c) => (c === 70 ? INK_MARKS : c === 80 ? digitInk : 0)).join(','),
    })
    const sure = { 70: '2:88 1:11', 80: '4:90 9:10' }
    const shots = [1, 2, 3].map((f) => read(f, {}, 0))
    for (let f = 4; f <= 9; f++) shots.push(read(f, sure, 210 + (f % 2) * 5))
    for (let f = 10; f <= 13; f++) shots.push(read(f, { 80: sure[80] }, 210))
    const digitMoves = (records: ShotRecord[]) =>
      movesOf(records)
        .filter((m) => m.kind === 'digit')
        .map(moveRecord)
    expect(digitMoves(shots)).toEqual([{ seconds: 8, frame: 4, cell: 'r9c9', digit: 4, was: 0 }])
    // Without the ink (a manifest from before it was kept) six sure shots are a write and an erasure.
    const inkless = shots.map(({ ink: _ink, ...rest }) => rest)
    expect(digitMoves(inkless).map((m) => m.cell)).toEqual(['r8c8', 'r9c9', 'r8c8'])
  })

  it('counts shots at unchanged ink as mostly one look: marks read as one unsure digit in their first shots stay marks', () => {
    // r3c3 is pencilled 2 4 5 at frame 2 (its ink rises there and then stays), read as an unsure 2
    // in its first eleven shots, and as its marks from then on.
    const read = (frame: number): ShotRecord => {
      const early = frame <= 12
      const record = withProbs(shot(frame, 2 * frame, early ? { 20: 2 } : {}), early ? { 20: '2:70 6:30' } : {})
      const marks = Array.from({ length: 81 }, (_, c) => (c === 20 && !early ? '245' : '')).join(',')
      return { ...record, marks, ink: Array.from({ length: 81 }, (_, c) => (c === 20 ? 40 : 0)).join(',') }
    }
    const shots = [{ ...shot(1, 2, {}), ink: Array(81).fill(0).join(',') }, ...Array.from({ length: 29 }, (_, i) => read(i + 2))]
    const moves = movesOf(shots)
    expect(moves.filter((m) => m.kind === 'digit')).toEqual([])
    expect(moves.filter((m) => m.kind === 'marks').map(moveRecord)).toContainEqual({ seconds: 26, frame: 13, cell: 'r3c3', marks: [2, 4, 5] })
  })

  it('logs pencil marks as they change, once read twice or just before a digit is written over them, not their going', () => {
    const marked = (frame: number, cells: Record<number, string>, entries: Record<number, number> = {}): ShotRecord => ({
      ...shot(frame, 2 * frame, entries),
      marks: Array.from({ length: 81 }, (_, c) => cells[c] ?? '').join(','),
    })
    const shots = [
      marked(1, {}),
      marked(2, { 30: '27' }),
      marked(3, { 30: '27', 40: '1' }),
      marked(4, { 30: '27', 40: '?' }),
      marked(5, { 30: '27', 40: '?', 50: '39' }),
      marked(6, {}, { 30: 7, 50: 9 }),
      marked(7, {}, { 30: 7, 50: 9 }),
    ]
    // r6c6's marks are read in one shot only, the last before a 9 is written over them: they count.
    expect(movesOf(shots).map(moveRecord)).toEqual([
      { seconds: 4, frame: 2, cell: 'r4c4', marks: [2, 7] },
      { seconds: 8, frame: 4, cell: 'r5c5', marks: [], unread: true },
      { seconds: 10, frame: 5, cell: 'r6c6', marks: [3, 9] },
      { seconds: 12, frame: 6, cell: 'r4c4', digit: 7, was: 0 },
      { seconds: 12, frame: 6, cell: 'r5c5', marks: [] },
      { seconds: 12, frame: 6, cell: 'r6c6', digit: 9, was: 0 },
    ])
  })

  it('takes marks only where the watch saw ink arrive: a speck read as marks is none, pencil too light to read is marks unread', () => {
    // Ink in thousandths of each cell's middle, per shot (frames 1-7): r4c4 holds a speck the reader
    // takes for marks now and then; r5c5 is pencilled at frame 3 too lightly to be read, and erased
    // at frame 6; r6c6 holds marks 1 9 from the start; r7c7's marks 2 7 add only 7 thousandths;
    // r8c8 holds a speck read as marks in the first shot only; r9c9 holds a 3 from the start, erased at frame 4.
    const ink = {
      30: [0, 0, 0, 0, 0, 0, 0],
      40: [0, 0, 20, 21, 20, 0, 0],
      50: [30, 31, 30, 30, 31, 30, 30],
      60: [0, 7, 7, 7, 7, 7, 7],
      70: [0, 0, 0, 0, 0, 0, 0],
      80: [25, 25, 25, 0, 0, 0, 0],
    }
    const read = {
      30: ['', '?', '?', '', '?', '?', ''],
      40: Array(7).fill(''),
      50: Array(7).fill('19'),
      60: ['', '27', '27', '27', '27', '27', '27'],
      70: ['?', '', '', '', '', '', ''],
      80: ['3', '3', '3', '', '', '', ''],
    }
    const shots = [0, 1, 2, 3, 4, 5, 6].map((i) => ({
      ...shot(i + 1, 2 * (i + 1), {}),
      marks: Array.from({ length: 81 }, (_, c) => read[c as keyof typeof read]?.[i] ?? '').join(','),
      ink: Array.from({ length: 81 }, (_, c) => ink[c as keyof typeof ink]?.[i] ?? 0).join(','),
    }))
    expect(movesOf(shots).map(moveRecord)).toEqual([
      { seconds: 4, frame: 2, cell: 'r7c7', marks: [2, 7] },
      { seconds: 6, frame: 3, cell: 'r5c5', marks: [], unread: true },
      { seconds: 8, frame: 4, cell: 'r9c9', marks: [] },
      { seconds: 12, frame: 6, cell: 'r5c5', marks: [] },
    ])
    // Without the ink (a manifest from before it was kept) the specks' readings are marks, and the light pencil nothing.
    const inkless = shots.map(({ ink: _ink, ...rest }) => rest)
    expect(movesOf(inkless).map(moveRecord)).toEqual([
      { seconds: 4, frame: 2, cell: 'r4c4', marks: [], unread: true },
      { seconds: 4, frame: 2, cell: 'r7c7', marks: [2, 7] },
      { seconds: 4, frame: 2, cell: 'r8c8', marks: [] },
      { seconds: 8, frame: 4, cell: 'r9c9', marks: [] },
      { seconds: 14, frame: 7, cell: 'r4c4', marks: [] },
    ])
  })

  it('takes a list read between shots that could not read the marks, and marks turning unread only where their ink changed', () => {
    // Ink in thousandths of each cell's middle, per shot (frames 1-8): r4c4 is pencilled at frame 2
    // and read 1 4 only now and then; a candidate is added at frame 7, which no shot reads; r5c5 is
    // pencilled at frame 2 and read 2 5, then not read, its ink unchanged.
    const ink = { 30: [0, 20, 20, 20, 20, 20, 28, 28], 40: [0, 20, 20, 20, 20, 20, 20, 20] }
    const read = { 30: ['', '?', '14', '?', '14', '?', '?', '?'], 40: ['', '25', '25', '?', '?', '?', '?', '?'] }
    const shots = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => ({
      ...shot(i + 1, 2 * (i + 1), {}),
      marks: Array.from({ length: 81 }, (_, c) => read[c as keyof typeof read]?.[i] ?? '').join(','),
      ink: Array.from({ length: 81 }, (_, c) => ink[c as keyof typeof ink]?.[i] ?? 0).join(','),
    }))
    expect(movesOf(shots).map(moveRecord)).toEqual([
      { seconds: 4, frame: 2, cell: 'r5c5', marks: [2, 5] },
      { seconds: 6, frame: 3, cell: 'r4c4', marks: [1, 4] },
      { seconds: 14, frame: 7, cell: 'r4c4', marks: [], unread: true },
    ])
    // Read once only, with only unread shots after it, a list counts too: they are no evidence against it.
    const once = shots.map((s, i) => ({ ...s, marks: i === 4 ? s.marks.replace('14', '?') : s.marks }))
    expect(
      movesOf(once)
        .filter((m) => m.kind !== 'page' && m.cell === 30)
        .map(moveRecord),
    ).toEqual([
      { seconds: 6, frame: 3, cell: 'r4c4', marks: [1, 4] },
      { seconds: 14, frame: 7, cell: 'r4c4', marks: [], unread: true },
    ])
  })

  it('takes pencil marks whose ink rose by just MARKS_INK_RISE, as the shots store it in thousandths', () => {
    const rise = String(Math.round(MARKS_INK_RISE * 1000))
    const shots = [0, 1, 2].map((i) => ({
      ...shot(i + 1, 2 * (i + 1), {}),
      marks: Array.from({ length: 81 }, (_, c) => (c === 5 && i ? '147' : '')).join(','),
      ink: Array.from({ length: 81 }, (_, c) => (c === 5 && i ? rise : '0')).join(','),
    }))
    expect(movesOf(shots).map(moveRecord)).toEqual([{ seconds: 4, frame: 2, cell: 'r1c6', marks: [1, 4, 7] }])
  })

  it('tells a session that moves on to the next puzzle of the book page by page, each against its own print', () => {
    const cell = NEXT.indexOf('0')
    const digit = solve(Uint8Array.from(NEXT, Number), { limit: 2 }).solution![cell]
    const shots = [
      shot(1, 0, {}, givensOf(PUZZLE)),
      shot(2, 2, { 2: 4 }, givensOf(PUZZLE)),
      shot(3, 4, { 2: 4 }, givensOf(PUZZLE)),
      shot(4, 6, {}, givensOf(NEXT)),
      // A shot that read no proper puzzle stays with the page before: a lone misreading, no move.
      shot(5, 8, { 40: 7 }, {}),
      shot(6, 10, { [cell]: digit }, givensOf(NEXT)),
      shot(7, 12, { [cell]: digit }, givensOf(NEXT)),
    ]
    expect(movesOf(shots).map(moveRecord)).toEqual([
      { seconds: 2, frame: 2, cell: 'r1c3', digit: 4, was: 0 },
      { seconds: 6, frame: 4, page: 2, givens: NEXT },
      { seconds: 10, frame: 6, cell: cellName(cell), digit, was: 0 },
    ])
  })

  it("takes a page's print from its first shot that reads a proper puzzle: a given the shots before missed is no move", () => {
    const holes = (c: number) => solve(Uint8Array.from(withDigits(PUZZLE, { [c]: 0 }), Number), { limit: 2 }).count
    const missed = [...PUZZLE].findIndex((d, c) => d !== '0' && holes(c) > 1)
    expect(missed).toBeGreaterThan(-1)
    const improper = givensOf(withDigits(PUZZLE, { [missed]: 0 }))
    const shots = [
      shot(1, 0, {}, improper),
      shot(2, 2, {}, improper),
      shot(3, 4, {}, givensOf(PUZZLE)),
      shot(4, 6, { 2: 4 }, givensOf(PUZZLE)),
      shot(5, 8, { 2: 4 }, givensOf(PUZZLE)),
    ]
    expect(movesOf(shots).map(moveRecord)).toEqual([{ seconds: 6, frame: 4, cell: 'r1c3', digit: 4, was: 0 }])
  })

  it("grows a page's print by a given its first shots took for handwriting, once a shot reads it printed; never by a digit written since", () => {
    const holes = (c: number) => solve(Uint8Array.from(withDigits(PUZZLE, { [c]: 0 }), Number), { limit: 2 }).count
    const missed = [...PUZZLE].findIndex((d, c) => d !== '0' && holes(c) === 1)
    expect(missed).toBeGreaterThan(-1)
    const first = givensOf(withDigits(PUZZLE, { [missed]: 0 }))
    const solution = solve(Uint8Array.from(PUZZLE, Number)).solution!
    const written = PUZZLE.indexOf('0')
    const pen = solution[written]
    const shots = [
      shot(1, 0, { [missed]: solution[missed] }, first),
      shot(2, 2, { [missed]: solution[missed], [written]: pen }, first),
      // The paper memory adds the missed given; a later shot takes the pen digit for print too.
      shot(3, 4, { [written]: pen }, givensOf(PUZZLE)),
      shot(4, 6, {}, { ...givensOf(PUZZLE), [written]: pen }),
    ]
    expect(movesOf(shots).map(moveRecord)).toEqual([{ seconds: 2, frame: 2, cell: cellName(written), digit: pen, was: 0 }])
    expect(loggedBoard(shots)).toEqual({
      givens: Uint8Array.from(PUZZLE, Number),
      entries: Uint8Array.from({ length: 81 }, (_, c) => (c === written ? pen : 0)),
    })
    // Where the watch saw ink arrive in the cell since (pen over a crease read as that digit), it stays written.
    const inked = shots.map((s, i) => ({ ...s, ink: Array.from({ length: 81 }, (_, c) => (c === missed && i >= 2 ? 300 : 100)).join(',') }))
    expect(loggedBoard(inked)!.givens).toEqual(Uint8Array.from(withDigits(PUZZLE, { [missed]: 0 }), Number))
  })

  it('never counts a printed given as a move, even when a shot misses it; a digit written later is one whatever its kind', () => {
    const shots = [shot(1, 0, {}, { 0: 5 }), shot(2, 2, { 0: 5 }, {}), shot(3, 4, {}, {}), shot(4, 6, {}, { 0: 5, 7: 2 })]
    expect(movesOf(shots).map(moveRecord)).toEqual([{ seconds: 6, frame: 4, cell: 'r1c8', digit: 2, was: 0 }])
  })
})

describe('loggedBoard', () => {
  it("has each digit as the log weighs it over every shot, a digit there from the first shot too, and the last page's print", () => {
    const givens = givensOf(PUZZLE)
    // r1c4's 6 was on the paper when recording began (no move); r1c3's 4 is read 1 in the last shot alone.
    const read = (frame: number, probs: Record<number, string>) =>
      withProbs(shot(frame, 2 * frame, Object.fromEntries(Object.entries(probs).map(([c, p]) => [c, Number(p[0])])), givens), probs)
    const shots = [read(1, { 3: '6:99' }), ...[2, 3, 4].map((f) => read(f, { 2: '4:95 1:5', 3: '6:99' })), read(5, { 2: '1:60 4:40', 3: '6:99' })]
    const board = loggedBoard(shots)!
    expect(shots.at(-1)!.entries[2]).toBe('1')
    expect([board.entries[2], board.entries[3], board.entries[4]]).toEqual([4, 6, 0])
    expect(board.givens).toEqual(Uint8Array.from(PUZZLE, Number))
    expect(loggedBoard([])).toBeNull()
  })
})

describe('loggedDigitsFilled', () => {
  it('counts the digits on the board the shots so far have, not one down where the last shot missed a digit', () => {
    const givens = givensOf(PUZZLE)
    // r1c3's 4 written at the second shot, missed by the fourth alone; r1c4's 6 written at the sixth.
    const shots = [shot(1, 0, {}, givens), ...[2, 3].map((f) => shot(f, 2 * f, { 2: 4 }, givens)), shot(4, 8, {}, givens)]
    shots.push(shot(5, 10, { 2: 4 }, givens), shot(6, 12, { 2: 4, 3: 6 }, givens))
    expect(shots.map((_, i) => loggedDigitsFilled(shots.slice(0, i + 1)))).toEqual([30, 31, 31, 31, 31, 32])
    expect(loggedDigitsFilled([])).toBe(0)
  })
})

describe('checkedBoard', () => {
  it('leaves out a wrong digit read unclearly, but keeps a clear wrong one and an unclear right one', () => {
    const givens = givensOf(PUZZLE)
    // r1c4 (the solution's 6) read 2 with 8 close, as pencil marks read as one digit are; r7c3 (the
    // solution's 1) read a clear 3, a person's mistake; r1c3 read its solution's 4 with 9 close.
    const probs = { 3: '2:55 8:30 6:1', 56: '3:90 1:1', 2: '4:55 9:35' }
    const read = (frame: number) => withProbs(shot(frame, 2 * frame, { 3: 2, 56: 3, 2: 4 }, givens), probs)
    const shots = [shot(1, 0, {}, givens), read(2), read(3)]
    const logged = loggedBoard(shots)!
    const checked = checkedBoard(shots)!
    expect([logged.entries[3], logged.entries[56], logged.entries[2]]).toEqual([2, 3, 4])
    expect([checked.entries[3], checked.entries[56], checked.entries[2]]).toEqual([0, 3, 4])
    expect(checked.givens).toEqual(logged.givens)
    expect(checkedBoard([])).toBeNull()
  })
})
