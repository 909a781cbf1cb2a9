/**
 * What a time-lapse remembers of the paper between shots, for new-ink.ts: the ink of each cell the
 * last shots read as pencil marks. A cell's patch is replaced when a later shot reads marks there
 * again (more marks, or some erased), and kept while a digit is read over it, so every later shot
 * reads that digit from its own strokes.
 *
 *   const memory = new InkMemory()
 *   const result = await readSudoku(cv, frame, { ...options, earlierInk: memory.earlier })
 *   if (result.ok) memory.remember(result)
 */
import type { Cell } from '../sudoku/board'
import { type EarlierInk, type InkPatch, inkPatch } from './new-ink'
import type { ReadSuccess } from './read'

export class InkMemory {
  private turn = 0
  private side = 0
  private readonly patches = new Map<Cell, InkPatch>()

  /** The ink to compare the next shot with; undefined while no shot has read marks. */
  get earlier(): EarlierInk | undefined {
    return this.patches.size ? { turn: this.turn, side: this.side, cells: new Map(this.patches) } : undefined
  }

  /** Keeps the ink of the cells `result` read as pencil marks. A page read another way up or size starts afresh. */
  remember(result: Pick<ReadSuccess, 'turn' | 'flat' | 'bounds' | 'paper'>): void {
    if (result.turn !== this.turn || result.flat.width !== this.side) this.patches.clear()
    this.turn = result.turn
    this.side = result.flat.width
    result.paper.cells.forEach((reading, cell) => {
      if (reading.kind === 'marks') this.patches.set(cell, inkPatch(result.flat, result.bounds[cell]))
    })
  }

  /** Forgets every cell: the next shot is of another page, or the start of another session. */
  forget(): void {
    this.patches.clear()
  }
}
