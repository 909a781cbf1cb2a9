/**
 * What a time-lapse remembers of the paper between shots:
 * - the print, as the first shot that read a proper puzzle read it: print does not change while a
 *   person solves, so later shots take it as their givens and every other digit as written (paper.ts;
 *   read.ts reads a shot that does not show it, another page or the page turned, as a photo). A
 *   shot that reads another proper puzzle where the print is not (PRINT_ON_PAGE: the next puzzle
 *   of the book) starts another page: its print is kept instead, and the ink of the page before
 *   forgotten. A cell outside the print that held a digit in every shot since the print was taken,
 *   with no ink written there since (watch/new-ink.ts's writtenSince), and that a later shot reads as
 *   print with the digit the print's solution has there, is a given the first shot missed (a blank
 *   page's first frame read a printed 4 beside the grid's thick corner as handwriting, and the whole
 *   session took it for a written digit): it joins the print. A digit written during the session
 *   never joins: its cell was empty when the print was taken, or held a crease read as a digit,
 *   which the pen's new ink rules out;
 * - for watch/new-ink.ts, the ink of each cell the last shots read as pencil marks. A cell's patch is
 *   replaced when a later shot reads marks there again (more marks, or some erased), and kept while
 *   a digit is read over it, so every later shot reads that digit from its own strokes.
 *
 *   const memory = new PaperMemory()
 *   const result = await readSudoku(cv, frame, { ...options, earlierInk: memory.earlierInk, print: memory.print })
 *   if (result.ok) memory.remember(result)
 */
import type { Cell } from '../../sudoku/board'
import { type EarlierInk, type InkPatch, inkPatch, writtenSince } from './new-ink'
import { printOnPage } from './print-on-page'
import type { KnownPrint, ReadSuccess } from '../read-types'

export class PaperMemory {
  private turn = 0
  private side = 0
  private readonly patches = new Map<Cell, InkPatch>()
  private known: KnownPrint | undefined
  /** Cells outside the print that have held a digit, and no new ink, in every shot since the print was taken: their ink then. */
  private heldSincePrint = new Map<Cell, InkPatch>()

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
   * proper puzzle where the print kept is not, with the givens that shot missed as later shots find
   * them, and the ink of the cells `result` read as pencil marks. A page read another way up or
   * size, or another page, starts the ink afresh.
   */
  remember(result: Pick<ReadSuccess, 'turn' | 'flat' | 'bounds' | 'paper' | 'solutions' | 'looksPrinted'>): void {
    const { cells, givens, solution } = result.paper
    const holdsDigit = (cell: Cell) => cells[cell].kind === 'given' || cells[cell].kind === 'entry'
    const anotherPage = this.known !== undefined && !printOnPage(this.known.givens, holdsDigit)
    if (result.solutions === 1 && (!this.known || anotherPage)) {
      this.known = { turn: result.turn, givens: Uint8Array.from(givens) }
      const held = [...cells.keys()].filter((cell) => !givens[cell] && holdsDigit(cell))
      this.heldSincePrint = new Map(held.map((cell) => [cell, inkPatch(result.flat, result.bounds[cell])]))
      this.patches.clear()
    } else if (this.known) {
      // Ink is compared in the same warped page only: another turn or size, and nothing is held.
      if (result.turn !== this.turn || result.flat.width !== this.side) this.heldSincePrint.clear()
      for (const [cell, patch] of this.heldSincePrint) if (!holdsDigit(cell) || writtenSince(result.flat, patch)) this.heldSincePrint.delete(cell)
      const missed = result.looksPrinted.filter((cell) => this.heldSincePrint.has(cell))
      if (missed.length && solution) {
        const grown = Uint8Array.from(this.known.givens)
        for (const cell of missed) grown[cell] = solution[cell]
        this.known = { turn: this.known.turn, givens: grown }
        for (const cell of missed) this.heldSincePrint.delete(cell)
      }
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
    this.heldSincePrint.clear()
  }
}
