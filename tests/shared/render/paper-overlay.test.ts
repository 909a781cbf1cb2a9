import { describe, expect, it } from 'vitest'
import { squareToQuad } from '../../../src/shared/vision/core/homography'
import { applyHomography } from '../../../src/shared/vision/core/geometry'
import { checkOverlay, hintOverlay, layoutOverlay, solutionOverlay } from '../../../src/shared/render/paper-overlay'
import type { Grid } from '../../../src/shared/sudoku/board'
import { checkPaper } from '../../../src/shared/sudoku/check'
import { hint } from '../../../src/shared/sudoku/hint'
import type { Corners } from '../../../src/shared/vision/core/image'

const PUZZLE = '080200400570000100002300000820090005000715000700020041000006700003000018007009050'
const SOLUTION = '389251467576948132142367589821694375934715826765823941258136794493572618617489253'
const grid = (text: string): Grid => Uint8Array.from(text, Number)
// A grid photographed at a slant.
const CORNERS: Corners = [
  { x: 100, y: 80 },
  { x: 520, y: 100 },
  { x: 560, y: 540 },
  { x: 70, y: 500 },
]

describe('paper overlay', () => {
  it('writes the solution only where the paper is still empty', () => {
    const filled = grid(PUZZLE)
    filled[0] = 3
    const content = solutionOverlay(filled, grid(SOLUTION))
    expect(content.digits).toHaveLength([...PUZZLE].filter((d) => d === '0').length - 1)
    expect(content.digits.some((d) => d.cell === 0)).toBe(false)
  })

  it('shows the next hint: its cells and the digit it places', () => {
    const h = hint({ givens: grid(PUZZLE) }, 'full')
    const content = hintOverlay(h)
    expect(content.digits).toEqual([{ cell: 0, digit: 3 }])
    expect(content.highlight).toContain(0)
    expect(content.mistakes).toEqual([])
  })

  it('rings the first mistake, or the mistakes a hint asks to fix first', () => {
    const entries = new Uint8Array(81)
    entries[32] = 3
    expect(checkOverlay(checkPaper({ givens: grid(PUZZLE), entries }, 'full')).mistakes).toEqual([32])
    expect(checkOverlay(checkPaper({ givens: grid(PUZZLE), entries }, 'vague')).mistakes).toEqual([])
    expect(hintOverlay(hint({ givens: grid(PUZZLE), entries }, 'full')).mistakes).toEqual([32])
  })

  it('places everything in perspective: quads on the cells, struck candidates at their pencil-mark place', () => {
    const h = squareToQuad(CORNERS)
    const layout = layoutOverlay(CORNERS, { highlight: [40], digits: [{ cell: 40, digit: 5 }], removed: [{ cell: 40, digit: 9 }], mistakes: [80] })
    expect(layout.highlight[0][0]).toEqual(applyHomography(h, { x: 4 / 9, y: 4 / 9 }))
    expect(layout.mistakes[0][2]).toEqual(applyHomography(h, { x: 1, y: 1 }))
    const centre = applyHomography(h, { x: 4.5 / 9, y: 4.5 / 9 })
    expect(layout.digits[0].transform[4]).toBeCloseTo(centre.x, 6)
    // 9 sits in the bottom-right third of the cell.
    const nine = applyHomography(h, { x: (4 + 5 / 6) / 9, y: (4 + 5 / 6) / 9 })
    expect(layout.removed[0].transform[4]).toBeCloseTo(nine.x, 6)
    expect(layout.removed[0].transform[5]).toBeCloseTo(nine.y, 6)
    // A third of a cell's scale.
    expect(layout.removed[0].transform[0] * 3).toBeCloseTo(layout.digits[0].transform[0], 1)
  })
})
