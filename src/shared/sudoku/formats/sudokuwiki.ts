/**
 * SudokuWiki's packed board, the 162-character `bd=` string its solver's "Email this board" and
 * "Import a Sudoku" use (sudokuwiki.org/Sudoku_String_Definitions, January 2023): per cell, two
 * base-32 characters holding `mask << 1 | clue`, where mask has bit d-1 for each digit (the value of
 * a filled cell, or its candidates) and clue is 1 for a given. A cell that is not a given and has
 * one digit is a solved cell, the player's.
 */
import { CELLS, bitCount, cellName, digitBit, digitsOf } from '../board'
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

export function readSudokuWiki(text: string): PuzzleState {
  const packed = packedPart(text).toLowerCase()
  if (!/^[0-9a-v]*$/.test(packed) || packed.length !== PACKED_LENGTH) {
    throw new SudokuWikiError(`A SudokuWiki board is ${PACKED_LENGTH} characters of 0-9 and a-v, 2 per cell; this text has ${packed.length}.`)
  }
  const state = { givens: new Uint8Array(CELLS), entries: new Uint8Array(CELLS), candidates: new Uint16Array(CELLS) }
  for (let cell = 0; cell < CELLS; cell++) {
    const n = parseInt(packed.slice(cell * 2, cell * 2 + 2), 32)
    const clue = n & 1
    const mask = n >> 1
    if (mask === 0 || mask > 0x1ff || (clue && bitCount(mask) !== 1)) {
      throw new SudokuWikiError(`${cellName(cell)} ("${packed.slice(cell * 2, cell * 2 + 2)}") is neither a digit nor a set of candidates.`)
    }
    if (bitCount(mask) === 1) (clue ? state.givens : state.entries)[cell] = digitsOf(mask)[0]
    else state.candidates[cell] = mask
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
