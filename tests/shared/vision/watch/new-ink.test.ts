/**
 * What a time-lapse's earlier shots tell the reader: ink that is new since (watch/new-ink.ts), and the
 * memory it keeps of the ink and of the print (watch/paper-memory.ts; read.ts, paper/decide-page.ts): on drawn pages,
 * then on synthetic solving sessions (a real photo, MNIST digits in pen, written over pencil marks;
 * devkit/solving-session.ts) read by the whole reader.
 */
import '../opencv-node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNodeReader, type NodeReader } from '../../../../src/node/reader/reader'
import type { GrayImage } from '../../../../src/shared/vision/core/image'
import { PaperMemory } from '../../../../src/shared/vision/watch/paper-memory'
import {
  ALIGN_SEARCH,
  ALIGN_SLACK,
  CROSSING_GAP,
  MIN_NEW_INK_SHARE,
  NEW_INK_DARKER,
  bridgeCrossings,
  inkPatch,
  newInk,
  onlyNewInk,
} from '../../../../src/shared/vision/watch/new-ink'
import { readSudoku } from '../../../../src/shared/vision/read'
import type { DigitVoter } from '../../../../src/shared/vision/read-types'
import { makeSolvingSession } from '../../../../devkit/solving-session'

const SIDE = 90
const CELL = { left: 30, top: 30, right: 60, bottom: 60 }
const page = (draw: (x: number, y: number) => number): GrayImage => ({
  width: SIDE,
  height: SIDE,
  data: Uint8Array.from({ length: SIDE * SIDE }, (_, i) => draw(i % SIDE, Math.floor(i / SIDE))),
})
const PAPER = 250
const PENCIL = 120
const PEN = 50
/** A pencil mark: a bar across the cell's upper half, `shift` pixels to the right. */
const mark = (x: number, y: number, shift = 0) => (y === 37 || y === 38) && x >= 34 + shift && x <= 50 + shift
/** A pen stroke down the cell's middle, across the mark. */
const pen = (x: number, y: number) => x >= 44 && x <= 47 && y >= 33 && y <= 57

describe('newInk', () => {
  it('finds the pen drawn since, where it crosses the marks too, and not the marks found a pixel or two apart', () => {
    const before = page((x, y) => (mark(x, y) ? PENCIL : PAPER))
    const after = page((x, y) => (pen(x, y) ? PEN : mark(x, y, ALIGN_SLACK) ? PENCIL : PAPER))
    const { mask, count } = newInk(after, inkPatch(before, CELL))
    const penPixels = 4 * 25
    expect(count).toBe(penPixels)
    expect(mask[(37 - 30) * 30 + (45 - 30)]).toBe(1)
    expect(mask[(37 - 30) * 30 + (40 - 30)]).toBe(0)
  })

  it('takes ink a little darker than before for the same ink, and new pencil on paper for new', () => {
    const before = page((x, y) => (mark(x, y) ? PENCIL : PAPER))
    const darker = page((x, y) => (mark(x, y) ? PENCIL - NEW_INK_DARKER + 1 : PAPER))
    expect(newInk(darker, inkPatch(before, CELL)).count).toBe(0)
    const more = page((x, y) => (mark(x, y) || mark(x, y, 12) ? PENCIL : PAPER))
    // The bar moved 12 px on: its last 7 columns in the cell (x 53-59) are past the old bar's slack.
    expect(newInk(more, inkPatch(before, CELL)).count).toBe(2 * 7)
  })
})

describe('bridgeCrossings', () => {
  it('fills where a pen stroke crosses graphite as dark as itself, not the graphite beyond the stroke', () => {
    const before = page((x, y) => (mark(x, y) ? PEN : PAPER))
    // An opaque pen as dark as the mark: no darker where it crosses it (rows 37-38).
    const after = page((x, y) => (pen(x, y) || mark(x, y) ? PEN : PAPER))
    const patch = inkPatch(before, CELL)
    const { mask } = newInk(after, patch)
    const at = (m: Uint8Array, x: number, y: number) => m[(y - 30) * 30 + (x - 30)]
    // The crossing and the slack either side of it are no new ink...
    expect(at(mask, 45, 37)).toBe(0)
    expect(at(mask, 45, 35)).toBe(0)
    expect(ALIGN_SLACK * 2 + 2).toBeLessThanOrEqual(CROSSING_GAP)
    const bridged = bridgeCrossings(mask, after, patch)
    // ...until bridged: the stroke is whole again, the mark beside it stays out.
    for (let y = 33; y <= 57; y++) for (let x = 44; x <= 47; x++) expect(at(bridged, x, y)).toBe(1)
    expect(at(bridged, 36, 37)).toBe(0)
    expect(at(bridged, 50, 37)).toBe(0)
  })
})

describe('onlyNewInk', () => {
  it('leaves only the new ink in a cell with enough of it, on its paper, and the page given untouched', () => {
    const before = page((x, y) => (mark(x, y) ? PENCIL : PAPER))
    const after = page((x, y) => (pen(x, y) ? PEN : mark(x, y) ? PENCIL : PAPER))
    const copy = Uint8Array.from(after.data)
    const { page: cleaned, cells } = onlyNewInk(after, after, new Map([[40, inkPatch(before, CELL)]]))
    expect(cells).toEqual([40])
    expect(after.data).toEqual(copy)
    const at = (x: number, y: number) => cleaned.data[y * SIDE + x]
    expect(at(45, 37)).toBe(PEN)
    expect(at(35, 37)).toBe(PAPER)
    // Outside the cell nothing changes.
    expect(at(10, 10)).toBe(PAPER)
  })

  it('matches the earlier ink where the page moved a few pixels under the cell: marks moved are no new ink, a pen over them is', () => {
    const before = page((x, y) => (mark(x, y) ? PENCIL : PAPER))
    // The grid found ALIGN_SLACK + 2 px apart each way: two rows of the bar lie past the slack.
    const by = ALIGN_SLACK + 2
    expect(by).toBeLessThanOrEqual(ALIGN_SEARCH)
    const moved = (x: number, y: number) => mark(x - by, y - by)
    const marksMoved = page((x, y) => (moved(x, y) ? PENCIL : PAPER))
    expect(newInk(marksMoved, inkPatch(before, CELL)).count).toBeGreaterThanOrEqual(MIN_NEW_INK_SHARE * 30 * 30)
    expect(onlyNewInk(marksMoved, marksMoved, new Map([[40, inkPatch(before, CELL)]])).cells).toEqual([])
    // A pen written over them is new ink however the marks are matched: the cell is read again with it.
    const penOver = page((x, y) => (pen(x, y) ? PEN : moved(x, y) ? PENCIL : PAPER))
    const { page: cleaned, cells } = onlyNewInk(penOver, penOver, new Map([[40, inkPatch(before, CELL)]]))
    expect(cells).toEqual([40])
    expect(cleaned.data[50 * SIDE + 45]).toBe(PEN)
  })

  it('leaves a cell whose new ink is under MIN_NEW_INK_SHARE as it was', () => {
    const before = page((x, y) => (mark(x, y) ? PENCIL : PAPER))
    const speck = page((x, y) => (mark(x, y) || (x === 50 && y === 50) ? PENCIL : PAPER))
    expect(1 / (30 * 30)).toBeLessThan(MIN_NEW_INK_SHARE)
    const { page: same, cells } = onlyNewInk(speck, speck, new Map([[40, inkPatch(before, CELL)]]))
    expect(cells).toEqual([])
    expect(same).toBe(speck)
  })
})

describe('PaperMemory', () => {
  const flat = page(() => PAPER)
  const bounds = Array.from({ length: 81 }, () => CELL)
  const reading = (marksAt: number[], givens: Uint8Array) => ({
    givens,
    cells: Array.from({ length: 81 }, (_, cell) => ({ kind: marksAt.includes(cell) ? 'marks' : givens[cell] ? 'given' : 'empty' })),
  })
  const NO_PRINT = new Uint8Array(81)
  const result = (marksAt: number[], turn = 0, givens = NO_PRINT, solutions = 0) =>
    ({ turn, flat, bounds, solutions, looksPrinted: [], paper: reading(marksAt, givens) }) as unknown as Parameters<PaperMemory['remember']>[0]

  it('keeps the cells read as marks, over later shots, until the page is read another way up or forgotten', () => {
    const memory = new PaperMemory()
    expect(memory.earlierInk).toBeUndefined()
    memory.remember(result([3, 7]))
    memory.remember(result([7, 9]))
    expect([...memory.earlierInk!.cells.keys()].sort((a, b) => a - b)).toEqual([3, 7, 9])
    expect(memory.earlierInk).toMatchObject({ turn: 0, side: SIDE })
    memory.remember(result([5], 2))
    expect([...memory.earlierInk!.cells.keys()]).toEqual([5])
    expect(memory.earlierInk!.turn).toBe(2)
    memory.forget()
    expect(memory.earlierInk).toBeUndefined()
  })

  it('keeps the print of the first shot that read a proper puzzle, whatever later shots read, until forgotten', () => {
    const memory = new PaperMemory()
    const print = (digit: number) => Uint8Array.from({ length: 81 }, (_, cell) => (cell % 4 === 0 ? digit : 0))
    memory.remember(result([], 0, print(9), 2))
    expect(memory.print).toBeUndefined()
    memory.remember(result([], 1, print(3), 1))
    memory.remember(result([], 0, print(5), 1))
    expect(memory.print).toEqual({ turn: 1, givens: print(3) })
    memory.forget()
    expect(memory.print).toBeUndefined()
  })

  it('adds a given the first shot missed once a shot reads it as print, in a cell held since with no new ink; never a digit written since', () => {
    const memory = new PaperMemory()
    // The print as the first shot read it misses r1c1's given, read as an entry. r1c2 holds a crease
    // read as a digit, and pen is written over it later; r1c4 holds a smudge that a later shot reads
    // empty; r1c3 is written during the session. Each of these four cells has its own corner of the page.
    const print = Uint8Array.from({ length: 81 }, (_, cell) => (cell % 4 === 0 && cell ? 1 + (cell % 9) : 0))
    const solution = Uint8Array.from({ length: 81 }, (_, cell) => 1 + ((cell * 7) % 9))
    const corners = [
      CELL,
      { left: 0, top: 0, right: 30, bottom: 30 },
      { left: 60, top: 60, right: 90, bottom: 90 },
      { left: 60, top: 0, right: 90, bottom: 30 },
    ]
    const cellBounds = Array.from({ length: 81 }, (_, cell) => corners[cell] ?? CELL)
    const penOverCrease = page((x, y) => (x >= 10 && x <= 13 && y >= 3 && y <= 27 ? PEN : PAPER))
    const shot = (entriesAt: number[], looksPrinted: number[] = [], inked = flat) =>
      ({
        turn: 0,
        flat: inked,
        bounds: cellBounds,
        solutions: 1,
        looksPrinted,
        paper: {
          givens: print,
          solution,
          cells: Array.from({ length: 81 }, (_, cell) => ({ kind: print[cell] ? 'given' : entriesAt.includes(cell) ? 'entry' : 'empty' })),
        },
      }) as unknown as Parameters<PaperMemory['remember']>[0]
    memory.remember(shot([0, 1, 3]))
    memory.remember(shot([0, 1, 2]))
    expect(memory.print?.givens).toEqual(print)
    memory.remember(shot([0, 1, 2, 3], [0, 1, 2, 3], penOverCrease))
    expect(memory.print?.givens).toEqual(Uint8Array.from(print, (d, cell) => (cell === 0 ? solution[0] : d)))
  })

  it("takes another page's print where a shot reads another proper puzzle without the print kept, and forgets the ink", () => {
    const memory = new PaperMemory()
    const printIn = (at: number) => Uint8Array.from({ length: 81 }, (_, cell) => (cell % 4 === at ? 1 + (cell % 9) : 0))
    memory.remember(result([], 0, printIn(0), 1))
    memory.remember(result([2, 6], 0, printIn(0), 1))
    // Another page that is no proper puzzle (a hand-drawn grid, a misread): the print stays, and the ink.
    memory.remember(result([], 0, printIn(1), 0))
    expect(memory.print?.givens).toEqual(printIn(0))
    expect(memory.earlierInk?.cells.size).toBe(2)
    // The next puzzle of the book.
    memory.remember(result([], 0, printIn(1), 1))
    expect(memory.print?.givens).toEqual(printIn(1))
    expect(memory.earlierInk).toBeUndefined()
  })
})

describe('reading the shots of a solving session against the shots before', () => {
  let reader: NodeReader
  beforeAll(async () => {
    reader = await createNodeReader()
  }, 120_000)
  afterAll(async () => {
    await reader?.close()
  })

  it('reads each such cell as a written digit, where the shot alone may not', async () => {
    const session = await makeSolvingSession(reader.cv, { seed: 7, digits: 8, idles: 0, passes: 0, inkOverMarks: 1 })
    const over = session.written.filter((w) => session.pencilled.some((p) => p.cell === w.cell))
    // The shots a time-lapse takes before each of those digits: the last look with the hand away.
    const clearBefore = (look: number) => [...Array(look).keys()].filter((l) => !session.covered[l]).at(-1)!
    const shots = [...new Set(over.map((w) => clearBefore(w.look)))].sort((a, b) => a - b)
    const options = { voters: reader.voters, judge: reader.judge ?? undefined }
    const memory = new PaperMemory()
    for (const look of shots) {
      const shot = await readSudoku(reader.cv, session.frame(look), { ...options, earlierInk: memory.earlierInk })
      if (shot.ok) memory.remember(shot)
    }
    // The digits whose cell's marks a shot saw alone.
    const seen = over.filter((w) => memory.earlierInk?.cells.has(w.cell))
    expect(seen.length).toBeGreaterThan(over.length / 2)
    const last = session.looks - 1
    expect(session.covered[last]).toBe(false)
    const read = await readSudoku(reader.cv, session.frame(last), { ...options, earlierInk: memory.earlierInk })
    expect(read.ok).toBe(true)
    if (!read.ok) return
    expect(read.ms['new ink']).toBeGreaterThanOrEqual(0)
    for (const w of seen) {
      expect(read.paper.cells[w.cell]).toMatchObject({ kind: 'entry', marks: [] })
      expect(read.paper.cells[w.cell].written).toHaveLength(9)
    }
    // Right digits: all but at most one MNIST digit (bench:timelapse-session has the figures).
    const right = seen.filter((w) => read.paper.cells[w.cell].digit === w.digit)
    expect(right.length).toBeGreaterThanOrEqual(seen.length - 1)
  }, 180_000)

  it('takes the first shot’s givens and every digit written since as written, without reading print again', async () => {
    const session = await makeSolvingSession(reader.cv, { seed: 4, digits: 16, idles: 0, passes: 0, marks: 0 })
    // The printed voters (the costly ones; the cheap ones also tell which way up the page is), counted.
    let printReads = 0
    const voters: DigitVoter[] = reader.voters.map((v) => (v.cheap ? v : { ...v, vote: (cells, previous) => (printReads++, v.vote(cells, previous)) }))
    const options = { voters, judge: reader.judge ?? undefined }
    const memory = new PaperMemory()
    const first = await readSudoku(reader.cv, session.frame(0), options)
    expect(first.ok && first.solutions).toBe(1)
    if (!first.ok) return
    memory.remember(first)
    expect(printReads).toBeGreaterThan(0)

    printReads = 0
    const last = session.looks - 1
    expect(session.covered[last]).toBe(false)
    const shot = await readSudoku(reader.cv, session.frame(last), { ...options, print: memory.print })
    expect(shot.ok).toBe(true)
    if (!shot.ok) return
    expect(printReads).toBe(0)
    expect(shot.grid).toEqual(first.grid)
    // Read alone, this shot takes 8 of its 16 pen digits for print.
    for (const w of session.written) expect(shot.paper.cells[w.cell].kind).toBe('entry')
    // Right digits: all but at most one MNIST digit (bench:timelapse-session has the figures).
    const right = session.written.filter((w) => shot.paper.entries[w.cell] === w.digit)
    expect(right.length).toBeGreaterThanOrEqual(session.written.length - 1)

    // Another page's print (these digits a cell along: many of its cells blank here) is not this page's.
    const elsewhere = { turn: 0, givens: Uint8Array.from(first.grid, (_, cell) => first.grid[(cell + 1) % 81]) }
    printReads = 0
    const alone = await readSudoku(reader.cv, session.frame(last), { ...options, print: elsewhere })
    expect(alone.ok).toBe(true)
    if (!alone.ok) return
    expect(printReads).toBeGreaterThan(0)
    expect(first.grid.every((d, cell) => !d || alone.grid[cell] === d)).toBe(true)

    // The next puzzle of the book under the camera: read as a photo, it gives the memory its print,
    // which its later shots then take as theirs.
    memory.remember(shot)
    const next = await makeSolvingSession(reader.cv, { seed: 4, digits: 6, idles: 0, passes: 0, marks: 0, photo: 'image2' })
    const turned = await readSudoku(reader.cv, next.frame(0), { ...options, print: memory.print })
    expect(turned.ok && turned.solutions).toBe(1)
    if (!turned.ok) return
    memory.remember(turned)
    expect(memory.print?.givens).toEqual(turned.grid)
    printReads = 0
    const onNext = await readSudoku(reader.cv, next.frame(next.looks - 1), { ...options, print: memory.print })
    expect(onNext.ok && printReads).toBe(0)
    if (!onNext.ok) return
    expect(onNext.grid).toEqual(turned.grid)
    for (const w of next.written) expect(onNext.paper.cells[w.cell].kind).toBe('entry')
  }, 180_000)
})
