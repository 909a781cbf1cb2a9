/**
 * Hand-read pencil candidates of the Kubiesa pen photos' marks cells (kubiesa-marks.txt beside
 * this file; the photos: A. Kubiesa's sudoku-scanner datasets, MIT). The dataset's labels say only
 * that a cell holds candidates (label 10); which digits they are was read by eye, for the train
 * split only, to measure the marks reader.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export const MARKS_FILE = join(import.meta.dirname, 'kubiesa-marks.txt')

/** Lines `MM_DD CELL DIGITS`; `#` lines are comments. Per puzzle, per cell, the digits ascending. */
export function parsePenMarks(text: string): Map<string, Map<number, number[]>> {
  const out = new Map<string, Map<number, number[]>>()
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.startsWith('#')) continue
    const [puzzle, cellText, digitsText] = line.trim().split(/\s+/)
    const cell = Number(cellText)
    const digits = [...(digitsText ?? '')].map(Number).sort((a, b) => a - b)
    if (!(cell >= 0 && cell < 81) || !digits.length || digits.some((d) => !(d >= 1 && d <= 9)) || new Set(digits).size !== digits.length) {
      throw new Error(`kubiesa-marks: bad line "${line}"`)
    }
    if (!out.has(puzzle)) out.set(puzzle, new Map())
    out.get(puzzle)!.set(cell, digits)
  }
  return out
}

/** Per puzzle (`MM_DD`) and cell, the candidates read by eye; empty when the file is missing. */
export function readPenMarks(): Map<string, Map<number, number[]>> {
  return existsSync(MARKS_FILE) ? parsePenMarks(readFileSync(MARKS_FILE, 'utf8')) : new Map<string, Map<number, number[]>>()
}
