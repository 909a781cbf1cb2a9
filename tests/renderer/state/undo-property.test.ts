/**
 * Undo as a player predicts it, over random action sequences: one action, one step; each undo puts
 * back exactly the board before its action, undoing everything returns to the game's start and
 * redoing everything to its end.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Step } from '../../../src/shared/sudoku/logic/step'
import { type BoardState, type EditMode, PuzzleSession } from '../../../src/renderer/src/state/PuzzleSession.svelte'
import { SOLUTION, paperOutcome } from '../paper'

const cell = fc.integer({ min: 0, max: 80 })
const digit = fc.integer({ min: 1, max: 9 })
const action = fc.oneof(
  fc.record({ kind: fc.constant('digit' as const), cell, digit: fc.integer({ min: 0, max: 9 }) }),
  fc.record({ kind: fc.constant('mark' as const), cell, digit }),
  fc.record({ kind: fc.constant('mode' as const), mode: fc.constantFrom<EditMode>('puzzle', 'review', 'play') }),
  fc.record({ kind: fc.constant('solve' as const) }),
  fc.record({ kind: fc.constant('step' as const), cell, digit, place: fc.boolean() }),
)
type Action = typeof action extends fc.Arbitrary<infer A> ? A : never

const SOLVED = Uint8Array.from(SOLUTION, Number)

/** Does one action; true when it made a step of the history. */
function perform(session: PuzzleSession, a: Action): boolean {
  const before = session.board
  if (a.kind === 'digit') session.setDigit(a.cell, a.digit)
  else if (a.kind === 'mark') session.toggleMark(a.cell, a.digit)
  else if (a.kind === 'mode') session.setMode(a.mode)
  else if (a.kind === 'solve') session.showSolution(SOLVED)
  else {
    const move = { cell: a.cell, digit: a.digit as 1 }
    session.applyStep({ placements: a.place ? [move] : [], eliminations: a.place ? [] : [move] } as unknown as Step)
  }
  return session.board !== before
}

describe('undo over random actions', () => {
  it('restores the board before each action, and undo all and redo all reach both ends', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 60 }), fc.boolean(), (actions, fromPaper) => {
        const session = new PuzzleSession()
        if (fromPaper) session.loadPaper(paperOutcome({ entries: { 0: 3 }, marks: { 11: [6, 8] } }), 'read')
        const start = session.board
        const boards: BoardState[] = [start]
        for (const a of actions) if (perform(session, a)) boards.push(session.board)
        const end = session.board
        for (let i = boards.length - 2; i >= 0; i--) {
          session.undo()
          expect(session.board).toBe(boards[i])
        }
        expect(session.canUndo).toBe(false)
        session.undo()
        expect(session.board).toBe(start)
        for (let i = 1; i < boards.length; i++) {
          session.redo()
          expect(session.board).toBe(boards[i])
        }
        expect(session.board).toBe(end)
        expect(session.canRedo).toBe(false)
      }),
      { numRuns: 300, seed: 67 },
    )
  })
})
