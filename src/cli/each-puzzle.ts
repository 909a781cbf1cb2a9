/**
 * The loop shared by the commands that take puzzles or puzzle files (solve, rate): every puzzle of
 * every argument in order; an argument that cannot be read at all (no such file, a directory, not a
 * puzzle) is one line on stderr and the other arguments are still answered.
 */
import { InputError } from './args'
import { type LineWriter, oneLine } from './output'
import { type PuzzleText, puzzleTexts } from './puzzle-input'

/** Returns false when an argument could not be read. */
export async function forEachPuzzle(
  command: string,
  args: readonly string[],
  out: LineWriter,
  answer: (entry: PuzzleText) => Promise<void>,
): Promise<boolean> {
  let allRead = true
  for (const arg of args) {
    try {
      for await (const entry of puzzleTexts(arg)) await answer(entry)
    } catch (error) {
      if (!(error instanceof InputError)) throw error
      allRead = false
      await out.flush()
      process.stderr.write(`sudoku-lens ${command}: ${oneLine(error.message)}\n`)
    }
  }
  return allRead
}
