/**
 * SudokuWiki's packed board, the 162-character `bd=` string its solver's "Email this board" and
 * "Import a Sudoku" use (sudokuwiki.org/Sudoku_String_Definitions, January 2023): per cell, two
 * base-32 characters holding `mask << 1 | clue`, where mask has bit d-1 for each digit (the value of
 * a filled cell, or its candidates) and clue is 1 for a given.
 *
 * A cell that is not a given and has one digit is either solved (the player's digit) or open with
 * one candidate left; the packing cannot tell them apart. It is read as open when a peer with two
 * or more candidates still has that digit (a placed digit takes it from its peers' candidates), as
 * the player's digit otherwise. A cell with no candidates left is `00`.
 */
import { CELLS, bitCount, cellName, digitBit, digitsOf, peers } from '../board'
import { type PuzzleState, boardOf } from '../state'

export class SudokuWikiError extends Error {
  override name = 'SudokuWikiError'
}

const PACKED_LENGTH = CELLS * 2

/** The packed string itself, or a sudokuwiki.org link carrying it as `bd=`. */
function packedPart(text: string): string {
  return /[?&]bd=([0-9a-v]+)/i.exec(text)?.[1] ?? text.trim()
}

export const looksLikeSudokuWiki = (text: string): boolean => new RegExp(`^[0-9a-v]{${PACKED_LENGTH}}$`, 'i').test(packedPart(text))

/** Whether a non-given cell of one digit reads as open: a peer with two or more candidates still has the digit. */
function isOpenSingle(masks: Uint16Array, clues: Uint8Array, cell: number): boolean {
  return peers[cell].some((peer) => !clues[peer] && masks[peer] & masks[cell] && bitCount(masks[peer]) > 1)
}

export function readSudokuWiki(text: string): PuzzleState {
  const packed = packedPart(text).toLowerCase()
  if (!/^[0-9a-v]*$/.test(packed) || packed.length !== PACKED_LENGTH) {
    throw new SudokuWikiError(`A SudokuWiki board is ${PACKED_LENGTH} characters of 0-9 and a-v, 2 per cell; this text has ${packed.length}.`)
  }
  const masks = new Uint16Array(CELLS)
  const clues = new Uint8Array(CELLS)
  for (let cell = 0; cell < CELLS; cell++) {
    const n = parseInt(packed.slice(cell * 2, cell * 2 + 2), 32)
    clues[cell] = n & 1
    masks[cell] = n >> 1
    if (masks[cell] > 0x1ff || (clues[cell] && bitCount(masks[cell]) !== 1)) {
      throw new SudokuWikiError(`${cellName(cell)} ("${packed.slice(cell * 2, cell * 2 + 2)}") is neither a digit nor a set of candidates.`)
    }
  }
  const state = { givens: new Uint8Array(CELLS), entries: new Uint8Array(CELLS), candidates: new Uint16Array(CELLS) }
  for (let cell = 0; cell < CELLS; cell++) {
    if (clues[cell]) state.givens[cell] = digitsOf(masks[cell])[0]
    else if (bitCount(masks[cell]) === 1 && !isOpenSingle(masks, clues, cell)) state.entries[cell] = digitsOf(masks[cell])[0]
    else state.candidates[cell] = masks[cell]
  }
  return state
}

export function writeSudokuWiki(state: PuzzleState): string {
  const { grid, candidates } = boardOf(state)
  let out = ''
  for (let cell = 0; cell < CELLS; cell++) {
    const mask = grid[cell] ? digitBit(grid[cell]) : candidates[cell]
    out += ((mask << 1) | (state.givens[cell] ? 1 : 0)).toString(32).padStart(2, '0')
  }
  return out
}
