/**
 * Ink that is new since an earlier shot (new-ink.ts) and the memory a time-lapse keeps of it
 * (ink-memory.ts): on drawn pages, then on a synthetic solving session (a real photo, MNIST digits
 * written over pencil marks; devkit/solving-session.ts) read by the whole reader.
 */
import './opencv-node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNodeReader, type NodeReader } from '../../../src/cli/reader-node'
import type { GrayImage } from '../../../src/shared/vision/image'
import { InkMemory } from '../../../src/shared/vision/ink-memory'
import { ALIGN_SLACK, CROSSING_GAP, MIN_NEW_INK_SHARE, NEW_INK_DARKER, bridgeCrossings, inkPatch, newInk, onlyNewInk } from '../../../src/shared/vision/new-ink'
import { readSudoku } from '../../../src/shared/vision/read'
import { makeSolvingSession } from '../../../devkit/solving-session'

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

  it('leaves a cell whose new ink is under MIN_NEW_INK_SHARE as it was', () => {
    const before = page((x, y) => (mark(x, y) ? PENCIL : PAPER))
    const speck = page((x, y) => (mark(x, y) || (x === 50 && y === 50) ? PENCIL : PAPER))
    expect(1 / (30 * 30)).toBeLessThan(MIN_NEW_INK_SHARE)
    const { page: same, cells } = onlyNewInk(speck, speck, new Map([[40, inkPatch(before, CELL)]]))
    expect(cells).toEqual([])
    expect(same).toBe(speck)
  })
})

describe('InkMemory', () => {
  const flat = page(() => PAPER)
  const bounds = Array.from({ length: 81 }, () => CELL)
  const reading = (marksAt: number[]) => ({ cells: Array.from({ length: 81 }, (_, cell) => ({ kind: marksAt.includes(cell) ? 'marks' : 'empty' })) })
  const result = (marksAt: number[], turn = 0) => ({ turn, flat, bounds, paper: reading(marksAt) }) as unknown as Parameters<InkMemory['remember']>[0]

  it('keeps the cells read as marks, over later shots, until the page is read another way up or forgotten', () => {
    const memory = new InkMemory()
    expect(memory.earlier).toBeUndefined()
    memory.remember(result([3, 7]))
    memory.remember(result([7, 9]))
    expect([...memory.earlier!.cells.keys()].sort((a, b) => a - b)).toEqual([3, 7, 9])
    expect(memory.earlier).toMatchObject({ turn: 0, side: SIDE })
    memory.remember(result([5], 2))
    expect([...memory.earlier!.cells.keys()]).toEqual([5])
    expect(memory.earlier!.turn).toBe(2)
    memory.forget()
    expect(memory.earlier).toBeUndefined()
  })
})

describe('reading a digit written over pencil marks against the shot before', () => {
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
    const memory = new InkMemory()
    for (const look of shots) {
      const shot = await readSudoku(reader.cv, session.frame(look), { ...options, earlierInk: memory.earlier })
      if (shot.ok) memory.remember(shot)
    }
    // The digits whose cell's marks a shot saw alone.
    const seen = over.filter((w) => memory.earlier?.cells.has(w.cell))
    expect(seen.length).toBeGreaterThan(over.length / 2)
    const last = session.looks - 1
    expect(session.covered[last]).toBe(false)
    const read = await readSudoku(reader.cv, session.frame(last), { ...options, earlierInk: memory.earlier })
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
})
