/**
 * Grey conversion and box downscaling in plain TypeScript, done once per image.
 *
 * Detection works on a small copy (about 640 px on the long side): a 12 MP photo would otherwise
 * copy 48 MB into the wasm heap, which never shrinks, and every step would be 30× slower, so only
 * the small copy enters OpenCV. `grayScales` reads the image once (at 16 MP a pass is 64 MB of
 * RGBA) for both copies the steps need: the full-resolution grey and the working copy.
 */
import type { GrayImage, RgbaImage } from './image'

/**
 * Long side of the working copy: cheap enough for a worker at 30 frames/s (1280×720 becomes
 * 640×360), fine enough for 640×480 photos whose lines are 1-2 px wide. Chosen by hand.
 */
export const WORKING_SIZE = 640

export function isGray(image: RgbaImage | GrayImage): image is GrayImage {
  return image.data.length === image.width * image.height
}

/** Luma with OpenCV's fixed-point weights (0.299 R + 0.587 G + 0.114 B), so results match cvtColor. */
export function toGray(image: RgbaImage | GrayImage): GrayImage {
  assertImage(image)
  if (isGray(image)) return { width: image.width, height: image.height, data: Uint8Array.from(image.data) }
  const n = image.width * image.height
  const src = image.data
  const out = new Uint8Array(n)
  for (let i = 0, j = 0; i < n; i++, j += 4) out[i] = (src[j] * 4899 + src[j + 1] * 9617 + src[j + 2] * 1868 + 8192) >> 14
  return { width: image.width, height: image.height, data: out }
}

export interface Downscaled {
  readonly gray: GrayImage
  /** Integer factor: small pixel (x, y) covers original pixels [x·f, (x+1)·f). */
  readonly factor: number
}

/** One image in grey at the scales the vision steps work on; plain data, read-only by every step. */
export interface GrayScales {
  /** The image the scales were made from (not a copy). */
  readonly source: RgbaImage | GrayImage
  /** Full resolution (shares the input's pixels when the input is grey): what the warp cuts digits from. */
  readonly full: GrayImage
  /** Long side at most the working size: grid and fiducial detection. */
  readonly working: Downscaled
}

export function isGrayScales(input: RgbaImage | GrayImage | GrayScales): input is GrayScales {
  return 'full' in input && 'working' in input
}

/** The whole-number factor that brings a long side of `long` to at most `maxSide`. */
function factorFor(long: number, maxSide: number): number {
  return Math.max(1, Math.ceil(long / maxSide))
}

/**
 * The image in grey at full size and at most `workingSize` on the long side, from one pass over
 * the pixels; the working copy is exactly what `downscaleGray` gives (its blocks summed from the
 * unrounded luma). Scales are returned as they are.
 */
export function grayScales(input: RgbaImage | GrayImage | GrayScales, workingSize = WORKING_SIZE): GrayScales {
  if (isGrayScales(input)) return input
  assertImage(input)
  const f = factorFor(Math.max(input.width, input.height), workingSize)
  if (isGray(input)) return { source: input, full: input, working: f === 1 ? { gray: input, factor: 1 } : { gray: boxAverage(input, f), factor: f } }
  const { full, small } = fromRgba(input, f)
  return { source: input, full, working: { gray: small ?? full, factor: f } }
}

/**
 * A copy twice as fine as the working one (half its factor, rounded up) for the grid detector's
 * second look, or null when the working copy is full size. A box downscale averages thin lines
 * away: a newspaper's inner lines, a few pixels wide at 16 MP, fall under a pixel at factor 7-8.
 * Summed from the source pixels, not the rounded full grey, so a factor always gives the same copy.
 */
export function finerScale(scales: GrayScales): Downscaled | null {
  const { source, full, working } = scales
  if (working.factor === 1) return null
  const long = Math.max(full.width, full.height)
  const f = factorFor(long, Math.ceil(long / Math.ceil(working.factor / 2)))
  if (f >= working.factor) return null
  return f === 1 ? { gray: full, factor: 1 } : { gray: downscaleBy(source, f), factor: f }
}

/**
 * A copy of at most `maxSide` on the long side from the scales: the working copy when that is
 * small enough (it is never enlarged), else the working copy downscaled further.
 */
export function scaleAtMost(scales: GrayScales, maxSide: number): Downscaled {
  const { working } = scales
  if (Math.max(working.gray.width, working.gray.height) <= maxSide) return working
  const smaller = downscaleGray(working.gray, maxSide)
  return { gray: smaller.gray, factor: smaller.factor * working.factor }
}

/**
 * The full-size grey of an RGBA image and, for `f` > 1, its f×f block averages, in one pass: each
 * pixel's luma is computed once, rounded for the full image and summed unrounded for its block.
 * Without `withFull` the full image is left blank (only the block averages are wanted).
 */
function fromRgba(image: RgbaImage, f: number, withFull = true): { full: GrayImage; small: GrayImage | null } {
  const { width, height, data: src } = image
  const full = new Uint8Array(withFull ? width * height : 0)
  const w = Math.floor(width / f)
  const h = f > 1 ? Math.floor(height / f) : 0
  const small = new Uint8Array(w * h)
  const sums = new Float64Array(w)
  const div = f * f * 16384
  for (let y = 0; y < height; y++) {
    let i = y * width
    let j = i * 4
    const end = i + width
    const inBlock = y < h * f
    if (inBlock) {
      for (let x = 0; x < w; x++) {
        let s = 0
        if (withFull) {
          for (let dx = 0; dx < f; dx++, i++, j += 4) {
            const v = src[j] * 4899 + src[j + 1] * 9617 + src[j + 2] * 1868
            full[i] = (v + 8192) >> 14
            s += v
          }
        } else {
          for (let dx = 0; dx < f; dx++, j += 4) s += src[j] * 4899 + src[j + 1] * 9617 + src[j + 2] * 1868
        }
        sums[x] += s
      }
    }
    if (withFull) for (; i < end; i++, j += 4) full[i] = (src[j] * 4899 + src[j + 1] * 9617 + src[j + 2] * 1868 + 8192) >> 14
    if (inBlock && (y + 1) % f === 0) {
      const row = ((y + 1) / f - 1) * w
      for (let x = 0; x < w; x++) small[row + x] = Math.round(sums[x] / div)
      sums.fill(0)
    }
  }
  return { full: { width, height, data: full }, small: f > 1 ? { width: w, height: h, data: small } : null }
}

/** f×f block averages (f > 1) of an image, grey or RGBA. */
function downscaleBy(image: RgbaImage | GrayImage, f: number): GrayImage {
  return isGray(image) ? boxAverage(image, f) : fromRgba(image, f, false).small!
}

/** f×f block averages of a grey image (f > 1). */
function boxAverage(image: GrayImage, f: number): GrayImage {
  const { width, data: src } = image
  const w = Math.floor(width / f)
  const h = Math.floor(image.height / f)
  const sums = new Float64Array(w)
  const out = new Uint8Array(w * h)
  const count = f * f
  for (let y = 0; y < h * f; y++) {
    for (let x = 0, j = y * width; x < w; x++) {
      let s = 0
      for (let dx = 0; dx < f; dx++, j++) s += src[j]
      sums[x] += s
    }
    if ((y + 1) % f === 0) {
      const row = ((y + 1) / f - 1) * w
      for (let x = 0; x < w; x++) out[row + x] = Math.round(sums[x] / count)
      sums.fill(0)
    }
  }
  return { width: w, height: h, data: out }
}

/**
 * Grey copy whose long side is at most `maxSide`, averaging f×f blocks (f an integer, so the
 * mapping back to original pixels is exact: original = (small + 0.5)·f − 0.5).
 */
export function downscaleGray(image: RgbaImage | GrayImage, maxSide: number): Downscaled {
  assertImage(image)
  const f = factorFor(Math.max(image.width, image.height), maxSide)
  return f === 1 ? { gray: toGray(image), factor: 1 } : { gray: downscaleBy(image, f), factor: f }
}

function assertImage(image: RgbaImage | GrayImage): void {
  const n = image.width * image.height
  if (!(image.width > 0 && image.height > 0) || (image.data.length !== n && image.data.length !== n * 4)) {
    throw new Error(`Not an image: ${image.width}×${image.height} with ${image.data.length} bytes`)
  }
}
