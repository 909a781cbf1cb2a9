/**
 * What a time-lapse remembers between shots: the print (it does not change while a person solves,
 * so later shots take it as their givens), grown by givens the first shot missed, and for
 * watch/new-ink.ts the ink of each cell last read as pencil marks.
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
  /** Cells outside the print that held a digit and no new ink in every shot since it was taken (maybe missed givens). */
  private heldSincePrint = new Map<Cell, InkPatch>()

  /** The ink to compare the next shot with; undefined for none. */
  get earlierInk(): EarlierInk | undefined {
    return this.patches.size ? { turn: this.turn, side: this.side, cells: new Map(this.patches) } : undefined
  }

  /** The page's print; undefined until givens with one solution are read. */
  get print(): KnownPrint | undefined {
    return this.known
  }

  /** Takes in a shot: a new page's print, missed givens, and its marks cells' ink. */
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
      // Ink compares only within one turn and size of warped page.
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

  /** Forgets the page, for another page or session. */
  forget(): void {
    this.patches.clear()
    this.known = undefined
    this.heldSincePrint.clear()
  }
}
