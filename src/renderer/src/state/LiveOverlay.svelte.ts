import { type OverlayContent, type OverlayMode, NOTHING, checkOverlay, hintOverlay, solutionOverlay } from '../../../shared/render/paper-overlay'
import { SudokuClient, TaskCancelled } from '../workers/SudokuClient'
import type { BoardState, PuzzleSession } from './PuzzleSession.svelte'

export type { OverlayMode }

/**
 * What the live camera draws on the paper, as the user chose: the solution once solved, the next
 * hint, or the mistakes. Hints and checks are worked out in a worker of their own whenever
 * the board changes (latest wins), so the camera never waits for them.
 */
export class LiveOverlay {
  mode = $state<OverlayMode>('solution')
  content = $state.raw<OverlayContent>(NOTHING)
  /** The hint's or the check's text, shown under the picture. */
  caption = $state('')

  private readonly client = new SudokuClient()
  private asked: { board: BoardState; mode: OverlayMode; solution: unknown } | null = null

  /** Brings the overlay up to date with the board; cheap when nothing changed. */
  update(session: PuzzleSession): void {
    const { board, solution } = session
    const mode = this.mode
    if (this.asked?.board === board && this.asked.mode === mode && this.asked.solution === solution) return
    this.asked = { board, mode, solution }
    if (mode === 'solution') {
      this.client.cancel()
      // Only the cells still empty on the paper: givens and the digits read as written there.
      const filled = Uint8Array.from(board.grid, (d, cell) => (board.givens[cell] || board.written[cell] ? d : 0))
      this.content = solution ? solutionOverlay(filled, solution) : NOTHING
      this.caption = solution ? '' : 'Solve the puzzle to see its solution on the paper.'
      return
    }
    if (board.givens.every((g) => !g)) {
      this.client.cancel()
      this.content = NOTHING
      this.caption = ''
      return
    }
    // Nothing stale meanwhile: a hint for the board before an edit may no longer hold.
    this.content = NOTHING
    const input = session.hintInput()
    const failed = (error: Error): void => {
      if (!(error instanceof TaskCancelled)) this.caption = error.message
    }
    if (mode === 'hint') this.client.run({ kind: 'hint', level: 'full', input }).then((hint) => this.show(board, mode, hintOverlay(hint), hint.text), failed)
    else this.client.run({ kind: 'check', level: 'full', input }).then((check) => this.show(board, mode, checkOverlay(check), check.text), failed)
  }

  private show(board: BoardState, mode: OverlayMode, content: OverlayContent, caption: string): void {
    if (this.asked?.board !== board || this.asked.mode !== mode) return
    this.content = content
    this.caption = caption
  }

  dispose(): void {
    this.client.cancel()
  }
}
