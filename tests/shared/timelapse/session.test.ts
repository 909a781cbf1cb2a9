/**
 * The "paper changes" trigger on a small synthetic solving session (a real photo, handwritten digits
 * and pencil marks appearing, a hand passing over the grid, camera shake; generated here, seeded): a
 * shot for each digit and each cell's marks, none with the hand over the grid. The full-size figures are bench/timelapse-session.ts's.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { dropEmscriptenHandlers } from '../../../src/node/process-errors'
import { candidatesOf, digitBit } from '../../../src/shared/sudoku/board'
import { solve } from '../../../src/shared/sudoku/solver'
import { DEFAULT_TRIGGER, ShotTrigger } from '../../../src/shared/timelapse/trigger'
import type { CV } from '../../../src/shared/vision/core/cv'
import { loadOpenCV } from '../../../src/shared/vision/core/opencv'
import { mnistLabel } from '../../../datasets/mnist'
import { LOOK_SECONDS, PaperWatcher, type SolvingSession, makeSolvingSession, penCore } from '../../../devkit/solving-session'

let cv: CV
let session: SolvingSession
beforeAll(async () => {
  cv = await loadOpenCV()
  dropEmscriptenHandlers()
  session = await makeSolvingSession(cv, { seed: 7, digits: 3, idles: 0, passes: 0.5, marks: 1 })
}, 120_000)

describe('the paper-change trigger on a synthetic session', () => {
  it('shoots once per written digit and pencilled cell (and once at the start), never with a hand over the grid', () => {
    const trigger = new ShotTrigger(DEFAULT_TRIGGER)
    const watcher = new PaperWatcher(cv)
    const shots: number[] = []
    for (let look = 0; look < session.looks; look++) {
      if (trigger.observe(watcher.look(session.frame(look), look * LOOK_SECONDS * 1000)).shoot) shots.push(look)
    }
    expect(shots.filter((look) => session.covered[look])).toEqual([])
    // Each digit and each cell's marks are in a shot of their own: a shot after they appeared and before the next ink did.
    const appeared = [...session.written, ...session.pencilled].map((ink) => ink.look).sort((a, b) => a - b)
    expect(session.pencilled.length).toBeGreaterThan(0)
    const next = [...appeared.slice(1), Infinity]
    for (let k = 0; k < appeared.length; k++) expect(shots.some((s) => s >= appeared[k] && s < next[k])).toBe(true)
    expect(shots.length).toBeLessThanOrEqual(appeared.length + 2)
  }, 120_000)
})

describe('a synthetic session with mistakes and digits over pencil marks', () => {
  it('writes another candidate of the cell instead of the solution, says which digits are mistakes, and names each one’s sample', async () => {
    const plain = await makeSolvingSession(cv, { seed: 7, digits: 8, idles: 0, passes: 0 })
    const wrong = await makeSolvingSession(cv, { seed: 7, digits: 8, idles: 0, passes: 0, mistakes: 1 })
    expect(plain.written.some((w) => w.mistake)).toBe(false)
    const solution = solve(wrong.givens, { limit: 1 }).solution!
    expect(wrong.written).toHaveLength(plain.written.length)
    const board = Uint8Array.from(wrong.givens)
    for (const w of wrong.written) {
      // A person writes what their paper allows: a mistake is a digit no peer on the paper rules
      // out, only the solution does, and a right digit their own mistake rules out is not written.
      expect(w.mistake).toBe(w.digit !== solution[w.cell])
      expect(candidatesOf(board)[w.cell] & digitBit(w.digit)).not.toBe(0)
      // Named by its MNIST test sample, so a miss can be looked up (datasets/mnist-doubted.ts).
      expect(mnistLabel(w.sample, 'held-out')).toBe(w.digit)
      board[w.cell] = w.digit
    }
    expect(wrong.written.filter((w) => w.mistake).length).toBeGreaterThan(wrong.written.length / 2)
  }, 120_000)

  it('draws each look the same whatever was drawn before (bench:timelapse-session --replay reads the shots alone)', () => {
    const last = session.looks - 1
    const pixels = (look: number) => Buffer.from(session.frame(look).data)
    const early = pixels(3)
    const late = pixels(last)
    expect(pixels(3).equals(early)).toBe(true)
    expect(pixels(last).equals(late)).toBe(true)
    expect(late.equals(early)).toBe(false)
  })

  it("can pencil a cell's candidates before its digit is written over them", async () => {
    const inked = await makeSolvingSession(cv, { seed: 7, digits: 8, idles: 0, passes: 0, inkOverMarks: 1 })
    const over = inked.written.filter((w) => inked.pencilled.some((p) => p.cell === w.cell))
    expect(over.length).toBeGreaterThan(inked.written.length / 2)
    for (const w of over) {
      const marks = inked.pencilled.find((p) => p.cell === w.cell)!
      expect(marks.look).toBeLessThan(w.look)
      expect(marks.marks).toContain(w.digit)
    }
  }, 120_000)

  it("thins a felt-tip's strokes to a pen's by the digit's size, so a digit written flat keeps its ink, and never breaks a stroke or opens a loop", () => {
    /** A 28x28 sample with full ink in the rectangles [x, y, w, h]. */
    const sample = (rects: [number, number, number, number][]): number[] => {
      const s = new Array<number>(28 * 28).fill(0)
      for (const [x0, y0, w, h] of rects) for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) s[y * 28 + x] = 1
      return s
    }
    // An upright stroke 4 px wide and 20 high: a felt-tip's, thinned.
    expect(penCore(sample([[12, 4, 4, 20]]))).toBeGreaterThan(0)
    // A Z 20 px wide and 9 high in 1-px strokes: a pen's line already (5% of its width, 11% of its height).
    const flat = sample([[4, 9, 20, 1], [4, 17, 20, 1], ...Array.from({ length: 7 }, (_, i): [number, number, number, number] => [21 - 3 * i, 10 + i, 3, 1])])
    expect(penCore(flat)).toBe(0)
    // Two felt-tip strokes joined by one drawn lightly (0.55 ink), as an H: thinned only while the light stroke stays.
    const bars = sample([
      [6, 4, 4, 20],
      [18, 4, 4, 20],
    ])
    const joined = bars.map((ink, i) => (ink === 0 && Math.floor(i / 28) >= 13 && Math.floor(i / 28) < 15 && i % 28 >= 10 && i % 28 < 18 ? 0.55 : ink))
    expect(penCore(bars)).toBeGreaterThan(0.1)
    expect(penCore(joined)).toBeLessThanOrEqual(0.1)
    // A felt-tip loop, as an 0, its top drawn lightly: thinned only while the loop stays closed (a
    // U is still one piece, so only the loop tells the light stroke has gone).
    const ring = sample([
      [6, 4, 16, 4],
      [6, 20, 16, 4],
      [6, 4, 4, 20],
      [18, 4, 4, 20],
    ])
    const lightTop = ring.map((ink, i) => (Math.floor(i / 28) < 8 && i % 28 >= 10 && i % 28 < 18 ? 0.55 * ink : ink))
    expect(penCore(ring)).toBeGreaterThan(0.1)
    expect(penCore(lightTop)).toBeLessThanOrEqual(0.1)
  })
})
