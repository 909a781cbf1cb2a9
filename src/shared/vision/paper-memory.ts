/**
 * What a time-lapse remembers of the paper between shots:
 * - the print, as the first shot that read a proper puzzle read it: print does not change while a
 *   person solves, so later shots take it as their givens and every other digit as written (paper.ts;
 *   read.ts reads a shot that does not show it, another page or the page turned, as a photo). A
 *   shot that reads another proper puzzle where the print is not (PRINT_ON_PAGE: the next puzzle
 *   of the book) starts another page: its print is kept instead, and the ink of the page before
 *   forgotten;
 * - for new-ink.ts, the ink of each cell the last shots read as pencil marks. A cell's patch is
 *   replaced when a later shot reads marks there again (more marks, or some erased), and kept while
 *   a digit is read over it, so every later shot reads that digit from its own strokes.
 *
 *   const memory = new PaperMemory()
 *   const result = await readSudoku(cv, frame, { ...options, earlierInk: memory.earlierInk, print: memory.print })
 *   if (result.ok) memory.remember(result)
 */
import type { Cell } from '../sudoku/board'
import { type EarlierInk, type InkPatch, inkPatch } from './new-ink'
import { printOnPage } from './print-on-page'
import type { KnownPrint, ReadSuccess } from './read'

export class PaperMemory {
  private turn = 0
  private side = 0
  private readonly patches = new Map<Cell, InkPatch>()
  private known: KnownPrint | undefined

  /** The ink to compare the next shot with; undefined while no shot has read marks. */
  get earlierInk(): EarlierInk | undefined {
    return this.patches.size ? { turn: this.turn, side: this.side, cells: new Map(this.patches) } : undefined
  }

  /** The page's print; undefined until a shot has read givens with one solution. */
  get print(): KnownPrint | undefined {
    return this.known
  }

  /**
   * Keeps the print of the first shot that read a proper puzzle, or of a shot that reads another
   * proper puzzle where the print kept is not, and the ink of the cells `result` read as pencil
   * marks. A page read another way up or size, or another page, starts the ink afresh.
   */
  remember(result: Pick<ReadSuccess, 'turn' | 'flat' | 'bounds' | 'paper' | 'solutions'>): void {
    const { cells, givens } = result.paper
    const anotherPage = this.known !== undefined && !printOnPage(this.known.givens, (cell) => cells[cell].kind === 'given' || cells[cell].kind === 'entry')
    if (result.solutions === 1 && (!this.known || anotherPage)) {
      this.known = { turn: result.turn, givens: Uint8Array.from(givens) }
      this.patches.clear()
    }
    if (result.turn !== this.turn || result.flat.width !== this.side) this.patches.clear()
    this.turn = result.turn
    this.side = result.flat.width
    result.paper.cells.forEach((reading, cell) => {
      if (reading.kind === 'marks') this.patches.set(cell, inkPatch(result.flat, result.bounds[cell]))
    })
  }

  /** Forgets the page: the next shot is of another page, or the start of another session. */
  forget(): void {
    this.patches.clear()
    this.known = undefined
  }
}
