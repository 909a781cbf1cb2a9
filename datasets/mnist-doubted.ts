/**
 * MNIST test digits whose label a published review doubts (mnist-doubted.txt beside this file:
 * C. G. Northcutt, A. Athalye, J. Mueller, "Pervasive Label Errors in Test Sets Destabilize Machine
 * Learning Benchmarks", NeurIPS 2021; arXiv 2103.14749). Confident learning flagged 100 of the test
 * set's 10,000 as possibly mislabelled, and five reviewers each chose the label, the flagged
 * alternative or neither. The synthetic solving session draws its digits from that test set
 * (datasets/mnist.ts), so a digit the move log misses can be told apart from one whose truth is
 * itself in doubt: the sessions take each label as what was written, and a reader may fairly read
 * such a digit as the alternative.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

export interface DoubtedLabel {
  readonly label: number
  readonly alternative: number
  /** Of the five reviewers, how many chose the label, the alternative, neither. */
  readonly forLabel: number
  readonly forAlternative: number
  readonly forNeither: number
}

const DOUBTED_FILE = join(import.meta.dirname, 'mnist-doubted.txt')

/** Lines `INDEX LABEL ALTERNATIVE FOR-LABEL FOR-ALTERNATIVE FOR-NEITHER`; `#` lines are comments. */
export function parseDoubtedLabels(text: string): Map<number, DoubtedLabel> {
  const out = new Map<number, DoubtedLabel>()
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.startsWith('#')) continue
    const fields = line.trim().split(/\s+/).map(Number)
    const [index, label, alternative, forLabel, forAlternative, forNeither] = fields
    const digitsOk = [label, alternative].every((d) => d >= 0 && d <= 9)
    // Five reviewers each chose once; where the alternative is the label itself, its count repeats the label's.
    if (fields.length !== 6 || !(index >= 0 && index < 10_000) || !digitsOk || forLabel + forNeither + (alternative === label ? 0 : forAlternative) !== 5)
      throw new Error(`mnist-doubted: bad line "${line}"`)
    out.set(index, { label, alternative, forLabel, forAlternative, forNeither })
  }
  return out
}

let doubted: Map<number, DoubtedLabel> | undefined

/** The review of MNIST test digit `index`, where it was flagged; else undefined. */
export function doubtedLabel(index: number): DoubtedLabel | undefined {
  doubted ??= parseDoubtedLabels(readFileSync(DOUBTED_FILE, 'utf8'))
  return doubted.get(index)
}

/** A flagged digit's review in words: "MNIST test #4874, a doubted label: 4 of 5 reviewers read 9". */
export function doubtText(index: number, review: DoubtedLabel): string {
  return `MNIST test #${index}, a doubted label: ${review.forLabel} of 5 reviewers read ${review.label}`
}
