/** A session's moves as the plain text log the app saves and `timelapse --moves --text` prints. */
import { describe, expect, it } from 'vitest'
import type { Move } from '../../../src/shared/timelapse/moves'
import { movesText } from '../../../src/shared/timelapse/moves-text'

const at = (seconds: number, frame: number) => ({ seconds, frame })

describe('the moves as text', () => {
  it('writes a line a move: the time, the cell, and the digit, its change or erasure, or the marks', () => {
    const givens = Uint8Array.from({ length: 81 }, (_, c) => (c === 0 ? 5 : 0))
    const moves: Move[] = [
      { kind: 'digit', ...at(42.4, 3), cell: 36, digit: 9, was: 0, doubtful: false },
      { kind: 'digit', ...at(67, 5), cell: 36, digit: 8, was: 9, doubtful: true },
      { kind: 'marks', ...at(90, 6), cell: 11, marks: [2, 4, 7], unread: false },
      { kind: 'marks', ...at(95, 7), cell: 12, marks: [], unread: true },
      { kind: 'marks', ...at(100, 8), cell: 11, marks: [], unread: false },
      { kind: 'digit', ...at(3725, 9), cell: 80, digit: 0, was: 2, doubtful: false },
      { kind: 'page', ...at(3800, 10), page: 2, givens },
    ]
    const [header, ...lines] = movesText(moves).trimEnd().split('\n')
    expect(header).toMatch(/^# /)
    expect(lines).toEqual([
      ' 0:42  r5c1  9',
      ' 1:07  r5c1  8 (was 9), read unclearly',
      ' 1:30  r2c3  marks 2 4 7',
      ' 1:35  r2c4  marks (unreadable)',
      ' 1:40  r2c3  marks erased',
      '1:02:05  r9c9  erased (was 2)',
      `1:03:20  puzzle 2: 5${'0'.repeat(80)}`,
    ])
  })

  it('is the header alone for a session with no moves', () => {
    expect(movesText([]).split('\n').filter(Boolean)).toHaveLength(1)
  })
})
