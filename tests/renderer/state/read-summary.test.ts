import { describe, expect, it } from 'vitest'
import { readSummary } from '../../../src/renderer/src/state/read-summary'
import { PUZZLE, paperOutcome } from '../paper'

const GIVENS = [...PUZZLE].filter((d) => d !== '0').length

describe('readSummary', () => {
  it('says what was found on a page in progress, how many cells are doubtful, and what to do next', () => {
    const outcome = paperOutcome({ entries: { 0: 3, 2: 9, 32: 4 }, marks: { 11: [6, 8], 12: [] } })
    expect(readSummary(outcome, 'the camera', [32, 1])).toEqual({
      kind: 'info',
      text: `Read ${GIVENS} givens, 3 of your digits and 2 cells of pencil marks from the camera. 2 cells are doubtful (marked: r4c6 and r1c2). Check my paper when you are ready.`,
    })
    expect(readSummary(outcome, 'x.jpg', [0, 1, 2, 3, 4]).text).toMatch(/ 5 cells are doubtful \(marked\)\. /)
  })

  it('keeps to the givens for a blank puzzle', () => {
    expect(readSummary(paperOutcome(), 'image1.jpg', []).text).toBe(
      `Read ${GIVENS} givens from image1.jpg. Select a cell to compare it with the photo, then Solve.`,
    )
    expect(readSummary(paperOutcome({ marks: { 11: [1] } }), 'p.jpg', [4]).text).toBe(
      `Read ${GIVENS} givens and 1 cell of pencil marks from p.jpg. 1 cell is doubtful (marked: r1c5). Check my paper when you are ready.`,
    )
  })

  it('warns when the givens have no solution, naming the least certain ones', () => {
    const outcome = paperOutcome({ solutions: 0, confidence: { 1: 0.3, 3: 0.4, 6: 0.5 } })
    expect(readSummary(outcome, 'p.jpg', [])).toEqual({
      kind: 'warning',
      text: `Read ${GIVENS} givens from p.jpg. These givens have no solution: most likely misread r1c2, r1c4 and r1c7. Select a cell to compare it with the photo and fix it.`,
    })
  })
})
