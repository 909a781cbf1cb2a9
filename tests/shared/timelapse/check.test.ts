/** "Check my paper" while recording: on the digits and the pencil marks as the shots so far have them. */
import { describe, expect, it } from 'vitest'
import { CELLS } from '../../../src/shared/sudoku/board'
import { checkPaper } from '../../../src/shared/sudoku/check'
import { playerCandidates } from '../../../src/shared/sudoku/pencil'
import { checkShots } from '../../../src/shared/timelapse/check'
import { checkedBoard } from '../../../src/shared/timelapse/logged-board'
import { type ShotRecord, marksOfText } from '../../../src/shared/timelapse/shots'

/** A puzzle with one solution: r1c3's digit is 4, r1c4's 6. */
const PUZZLE = '530070000600195000098000060800060003400803001700020006060000280000419005000080079'
const [R1C3, R1C4] = [2, 3]

/** Frames 1-4: `read` is each cell's marks as each shot read them, `ink` the watch's ink there (thousandths). */
function shots(read: Record<number, string[]>, ink: Record<number, number[]>): ShotRecord[] {
  return [0, 1, 2, 3].map((i) => ({
    frame: i + 1,
    seconds: 2 * (i + 1),
    givens: PUZZLE,
    entries: '0'.repeat(CELLS),
    marks: Array.from({ length: CELLS }, (_, c) => read[c]?.[i] ?? '').join(','),
    ink: Array.from({ length: CELLS }, (_, c) => ink[c]?.[i] ?? 0).join(','),
  }))
}

describe('checkShots', () => {
  it("weighs the pencil marks as the log has them: a speck a shot reads as marks is no mistake in the person's marks", () => {
    // r1c3 holds a speck (no ink arriving) that the second and last shots read as marks 1 3, without the 4.
    const speck = shots({ [R1C3]: ['', '13', '', '13'] }, {})
    expect(checkShots(speck)).toMatchObject({ kind: 'no-mistakes' })
    // The last shot's own marks, as the panel took them, called one.
    const own = playerCandidates(marksOfText(speck[3].marks)!, new Uint16Array(CELLS))
    expect(checkPaper({ ...checkedBoard(speck)!, candidates: own })).toMatchObject({ kind: 'mistake', what: 'marks' })
  })

  it('finds a mistake in pencil marks the person wrote, at every level', () => {
    // r1c4 pencilled 1 2 at the second shot, leaving out its 6.
    const pencilled = shots({ [R1C4]: ['', '12', '12', '12'] }, { [R1C4]: [0, 20, 20, 20] })
    expect(checkShots(pencilled)).toMatchObject({ kind: 'mistake', what: 'marks' })
    expect(checkShots(pencilled, 'full')).toMatchObject({ kind: 'mistake', cell: R1C4 })
    expect(checkShots([])).toBeNull()
  })
})
