/**
 * A puzzle cut out along its border and laid on a desk: which sides have desk beyond them
 * (grid/desk.ts), and where detectGrid puts the border there, though the threshold image merges it
 * with the desk's edge (grid/sides.ts).
 */
import '../opencv-node'
import { beforeAll, describe, expect, test } from 'vitest'
import { withMats, type CV, type Own } from '../../../../src/shared/vision/core/cv'
import { distance } from '../../../../src/shared/vision/core/geometry'
import { deskBeyondSides } from '../../../../src/shared/vision/grid/desk'
import { detectGrid, thresholdImage } from '../../../../src/shared/vision/grid/find-grid'
import { MIN_GRID_SCORE, gridScore } from '../../../../src/shared/vision/grid/score'
import { offDeskCorners } from '../../../../src/shared/vision/grid/sides'
import type { Corners, GrayImage } from '../../../../src/shared/vision/core/image'
import { matFromGray } from '../../../../src/shared/vision/core/mats'
import { loadOpenCV } from '../../../../src/shared/vision/core/opencv'
import { DRAWN_GRID_CORNERS, drawnGridPage } from '../drawn-grid'

type Mat = InstanceType<CV['Mat']>

let cv: CV
beforeAll(async () => {
  cv = await loadOpenCV()
})

/** A dark wooden desk's grey. */
const DESK = 70
/** The drawn grid's border runs over pixels 20-21 and 380-381 (drawn-grid.ts). */
const [BORDER_FROM, BORDER_TO] = [20, 381]

/** Desk laid round the drawn page on every side, in px: the camera sees the desk round a cut-out. */
const PAD = 80
const SIDE = 400 + 2 * PAD
const deskGrey = (x: number, y: number): number => DESK + ((x * 7 + y * 13) % 5) - 2

/** drawn-grid.ts's paper. */
const PAPER = 235

/**
 * The drawn grid on a larger sheet, the sheet cut `margin` px outside its border on the sides
 * named and laid on a desk; `sheet` gives the sheet's grey round the drawn page (plain paper).
 */
function cutPage(sides: readonly ('left' | 'right' | 'top' | 'bottom')[], margin = 1, sheet = (_x: number, _y: number): number => PAPER): GrayImage {
  const page = drawnGridPage()
  const data = new Uint8Array(SIDE * SIDE)
  for (let y = 0; y < SIDE; y++)
    for (let x = 0; x < SIDE; x++) {
      const [px, py] = [x - PAD, y - PAD]
      const cut =
        (sides.includes('left') && px < BORDER_FROM - margin) ||
        (sides.includes('right') && px > BORDER_TO + margin) ||
        (sides.includes('top') && py < BORDER_FROM - margin) ||
        (sides.includes('bottom') && py > BORDER_TO + margin)
      const onPage = px >= 0 && py >= 0 && px < 400 && py < 400
      data[y * SIDE + x] = cut ? deskGrey(x, y) : onPage ? page.data[py * 400 + px] : sheet(x, y)
    }
  return { width: SIDE, height: SIDE, data }
}

/** The drawn grid's corners on the sheet. */
const CORNERS = DRAWN_GRID_CORNERS.map((p) => ({ x: p.x + PAD, y: p.y + PAD })) as unknown as Corners

// Every page here is the sheet: the 400 px drawn page alone leaves too little round the grid for the
// half a cell to a cell beyond a side that is looked at, and a side whose look runs out of the image
// is not judged.
const deskSides = (page: GrayImage): boolean[] => withMats((own) => deskBeyondSides(cv, own(matFromGray(cv, page)), CORNERS, own))

describe('deskBeyondSides', () => {
  test('no desk beyond a grid printed on paper', () => {
    expect(deskSides(cutPage([]))).toEqual([false, false, false, false])
  })

  test('desk beyond the sides the paper was cut along, in the order left, right, top, bottom', () => {
    expect(deskSides(cutPage(['left']))).toEqual([true, false, false, false])
    expect(deskSides(cutPage(['right', 'bottom']))).toEqual([false, true, false, true])
    expect(deskSides(cutPage(['left', 'right', 'top', 'bottom']))).toEqual([true, true, true, true])
  })

  test('text beside the grid is no desk: it is uneven', () => {
    // Lines of dark text beyond the left side (the sheet's columns 20-78, half a cell to a cell and
    // a half out), as dark as the desk on average.
    const text = (x: number, y: number): number => (x >= 20 && x < PAD - 2 && y % 6 < 3 ? 20 : PAPER)
    expect(deskSides(cutPage([], 1, text))).toEqual([false, false, false, false])
    // The same sheet evened out to the desk's grey there is desk.
    const even = (x: number, y: number): number => (x >= 20 && x < PAD - 2 ? deskGrey(x, y) : PAPER)
    expect(deskSides(cutPage([], 1, even))[0]).toBe(true)
  })
})

describe('detectGrid on a cut-out puzzle', () => {
  test.each([0, 1, 3])('the whole grid, with the paper cut %i px outside its border on every side', (margin) => {
    const found = detectGrid(cv, cutPage(['left', 'right', 'top', 'bottom'], margin))
    expect(found).not.toBeNull()
    // Within a quarter of a cell (40 px), which the reader's lattice takes up: the grid, not the
    // sheet's edge or a row of cells inside it.
    for (const [i, p] of found!.corners.entries()) expect(distance(p, CORNERS[i])).toBeLessThan(10)
  })
})

describe('offDeskCorners', () => {
  // The outline a third of a cell (13 px) outside the border on every side, where the desk's band
  // can take it: the inner lines then fall between the places the score looks for them.
  const out = 13
  const outside = CORNERS.map((p, i) => ({ x: p.x + (i === 0 || i === 3 ? -out : out), y: p.y + (i < 2 ? -out : out) })) as unknown as Corners
  const onPage = <T>(page: GrayImage, fn: (binary: Mat, gray: Mat, own: Own) => T): T =>
    withMats((own) => {
      const gray = own(matFromGray(cv, page))
      return fn(thresholdImage(cv, gray, own), gray, own)
    })

  test("puts a cut-out's outline that scored as no grid back on the border", () => {
    const page = cutPage(['left', 'right', 'top', 'bottom'])
    const moved = onPage(page, (binary, gray, own) => {
      expect(gridScore(cv, binary, outside, own)).toBeLessThan(MIN_GRID_SCORE)
      return offDeskCorners(cv, binary, gray, outside, own)
    })
    expect(moved).not.toBeNull()
    // Within a seventh of a cell (40 px): a side is put where the outline hugs the border's outer edge.
    for (const [i, p] of moved!.entries()) expect(distance(p, CORNERS[i])).toBeLessThan(6)
  })

  test('leaves a quad on paper with no desk beyond it', () => {
    expect(onPage(cutPage([]), (binary, gray, own) => offDeskCorners(cv, binary, gray, outside, own))).toBeNull()
  })
})
