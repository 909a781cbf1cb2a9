/**
 * Pencil marks told from a written digit or an empty cell by their pieces (marks-kind.ts), every
 * cell taken as if the cell model had judged it an entry (or empty): the pencilled cells of a
 * synthetic solving session (devkit), written in the places of a 3×3 keypad, are turned to marks
 * (more of them where cells.ts found no digit's ink), and no given, entry or empty cell of real
 * phone photos (the pen train split, labelled by eye) is.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { decodeImage } from '../../../src/cli/decode-image'
import type { DigitClassifier } from '../../../src/shared/vision/classifier'
import { CELL_KINDS } from '../../../src/shared/vision/cell-reading'
import { extractCells } from '../../../src/shared/vision/cells'
import type { CV } from '../../../src/shared/vision/cv'
import { toGray } from '../../../src/shared/vision/gray'
import { KEYPAD_ODDS, findPieces, keypadOdds, readMarkPieces } from '../../../src/shared/vision/marks'
import { marksByPieces } from '../../../src/shared/vision/marks-kind'
import { loadOpenCV } from '../../../src/shared/vision/opencv'
import { gridLattice, warpGrid } from '../../../src/shared/vision/warp'
import { loadWrittenDigitClassifier } from '../../../src/shared/vision/written-digits'
import { hasPenPhotos, listPenPhotos, type PenPhoto } from '../../../datasets/kubiesa'
import { lastPage, makeSolvingSession } from '../../../devkit/solving-session'

/** A cell model's judgements: an entry, surely; empty, surely. */
const ENTRY = Float32Array.from(CELL_KINDS, (kind) => (kind === 'entry' ? 0.97 : 0.01))
const EMPTY = Float32Array.from(CELL_KINDS, (kind) => (kind === 'empty' ? 0.97 : 0.01))

/**
 * Share of a synthetic session's pencilled cells that must be turned to marks: 11 of 12 on the
 * seed below (9 when every piece had to stand in its place, 5 with the written-digit model of
 * 2026-11-24), so half fails only on a real regression.
 */
const MIN_PENCILLED_TURNED = 1 / 2
/**
 * Share of the cells whose digit was written over their own marks that may be turned to marks: 3
 * of 164 over sessions 11-30 (80 before the digit's tall stroke was counted, marks.ts; 3 of 10 on
 * the seed below), so a fifth fails only on a real regression.
 */
const MAX_INKED_TURNED = 1 / 5

let cv: CV
let clf: DigitClassifier
beforeAll(async () => {
  cv = await loadOpenCV()
  clf = await loadWrittenDigitClassifier()
})

describe('marksByPieces', () => {
  it('turns pencilled cells of a synthetic session judged entries or empty into marks', async () => {
    const session = await makeSolvingSession(cv, { seed: 7, digits: 12, marks: 1, idles: 0, passes: 0 })
    const page = lastPage(cv, session)
    expect(page).not.toBeNull()
    const { flat, bounds } = page!
    const turned = session.pencilled.map((p) => ({ p, got: marksByPieces(ENTRY, flat, bounds[p.cell], clf) })).filter(({ got }) => got)
    expect(turned.length / session.pencilled.length).toBeGreaterThanOrEqual(MIN_PENCILLED_TURNED)
    for (const { p, got } of turned) {
      expect(got!.kind[CELL_KINDS.indexOf('marks')]).toBeCloseTo(ENTRY[CELL_KINDS.indexOf('entry')])
      // A list, when given, is the very marks.
      if (got!.marks.length) expect(got!.marks).toEqual(p.marks)
    }
    // A cell the judge took for marks is left as it is; one it took for empty (light pencil) is
    // overturned as one it took for an entry is, its emptiness' probability given to the marks.
    expect(
      marksByPieces(
        Float32Array.from(CELL_KINDS, (k) => (k === 'marks' ? 0.9 : 0.03)),
        flat,
        bounds[turned[0].p.cell],
        clf,
      ),
    ).toBeNull()
    for (const { p } of turned) expect(marksByPieces(EMPTY, flat, bounds[p.cell], clf)?.kind[CELL_KINDS.indexOf('marks')]).toBeCloseTo(EMPTY[0])
  }, 60_000)

  it("takes one piece read as its place's digit for marks where cells.ts found no digit's ink", async () => {
    // Over several sessions, so that no one model's reading of one cell decides: seeds 1-5 turn 54
    // of 60 pencilled cells with two pieces needed and 58 with cells.ts's finding (2026-11-27).
    let strictCount = 0
    let judgedCount = 0
    for (const seed of [1, 2, 3, 4, 5]) {
      const session = await makeSolvingSession(cv, { seed, digits: 12, marks: 1, idles: 0, passes: 0 })
      const page = lastPage(cv, session)!
      const turned = (inkFound: (cell: number) => boolean): number[] =>
        session.pencilled.map((p) => p.cell).filter((cell) => marksByPieces(ENTRY, page.flat, page.bounds[cell], clf, inkFound(cell)))
      const strict = turned(() => true)
      const judged = turned((cell) => page.cells[cell].filled)
      expect(judged).toEqual(expect.arrayContaining(strict))
      strictCount += strict.length
      judgedCount += judged.length
    }
    expect(judgedCount).toBeGreaterThan(strictCount)
  }, 60_000)

  it("turns more pencilled cells where the page's marks show them written as a keypad, and no more written digits", async () => {
    // Over several sessions: seeds 1-8 turn 85 of 96 pencilled cells alone, 88 leaned at their
    // pages' odds, and none of their 96 written digits either way (2026-11-27).
    let alone = 0
    let leaned = 0
    for (const seed of [3, 4, 7]) {
      const session = await makeSolvingSession(cv, { seed, digits: 12, marks: 1, idles: 0, passes: 0 })
      const { flat, bounds, cells } = lastPage(cv, session)!
      const odds = keypadOdds(session.pencilled.map((p) => readMarkPieces(flat, bounds[p.cell], findPieces(flat, bounds[p.cell]), clf).pieces))
      expect(odds).toBeGreaterThan(KEYPAD_ODDS)
      const turned = (cell: number, pageOdds: number) => marksByPieces(ENTRY, flat, bounds[cell], clf, cells[cell].filled, pageOdds) !== null
      const turnedAlone = session.pencilled.filter((p) => turned(p.cell, 0)).map((p) => p.cell)
      const turnedLeaned = session.pencilled.filter((p) => turned(p.cell, odds)).map((p) => p.cell)
      expect(turnedLeaned).toEqual(expect.arrayContaining(turnedAlone))
      alone += turnedAlone.length
      leaned += turnedLeaned.length
      for (const w of session.written) expect(turned(w.cell, odds), `seed ${seed} cell ${w.cell}`).toBe(false)
    }
    expect(leaned).toBeGreaterThan(alone)
  }, 60_000)

  it("leaves a pen digit written over its cell's marks an entry", async () => {
    const session = await makeSolvingSession(cv, { seed: 7, digits: 12, inkOverMarks: 1, idles: 0, passes: 0 })
    const { flat, bounds } = lastPage(cv, session)!
    const over = session.written.filter((w) => session.pencilled.some((p) => p.cell === w.cell))
    expect(over.length).toBeGreaterThan(5)
    const turned = over.filter((w) => marksByPieces(ENTRY, flat, bounds[w.cell], clf))
    expect(turned.length / over.length).toBeLessThanOrEqual(MAX_INKED_TURNED)
  }, 60_000)

  it.skipIf(!hasPenPhotos('train'))(
    'turns no given, entry or empty cell of real phone photos',
    async () => {
      // The first photo of each of the four puzzles with the most entries (54 entries, 115 givens).
      const entries = (p: PenPhoto): number => p.kinds!.filter((k) => k === 'entry').length
      const seen = new Set<string>()
      const photos = listPenPhotos('train')
        .filter((p) => p.kinds && !seen.has(p.puzzle) && seen.add(p.puzzle))
        .sort((a, b) => entries(b) - entries(a) || a.puzzle.localeCompare(b.puzzle))
        .slice(0, 4)
      let digits = 0
      let empties = 0
      for (const photo of photos) {
        const warped = warpGrid(cv, toGray(await decodeImage(photo.jpg)), photo.corners, 900)
        const { flat, bounds, cells } = extractCells(cv, warped, gridLattice(warped))
        for (let cell = 0; cell < 81; cell++) {
          if (photo.kinds![cell] === 'empty') {
            empties++
            expect(marksByPieces(EMPTY, flat, bounds[cell], clf, cells[cell].filled), `${photo.name} cell ${cell}`).toBeNull()
          }
          if (photo.kinds![cell] !== 'given' && photo.kinds![cell] !== 'entry') continue
          digits++
          // Judged with what cells.ts found there, as paper-judge.ts judges it (and so without too).
          expect(marksByPieces(ENTRY, flat, bounds[cell], clf, cells[cell].filled), `${photo.name} cell ${cell}`).toBeNull()
        }
      }
      expect(digits).toBeGreaterThan(150)
      expect(empties).toBeGreaterThan(100)
    },
    60_000,
  )
})
