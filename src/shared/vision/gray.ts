/**
 * Grey conversion and box downscaling in plain TypeScript.
 *
 * Detection works on a small copy (about 640 px on the long side): a 12 MP photo would otherwise
 * copy 48 MB into the wasm heap, which never shrinks, and every later step would be 30× slower.
 * Doing it here means only the small copy ever enters OpenCV.
 */
import type { GrayImage, RgbaImage } from './image'

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

/**
 * Grey copy whose long side is at most `maxSide`, averaging f×f blocks (f an integer, so the
 * mapping back to original pixels is exact: original = (small + 0.5)·f − 0.5).
 */
export function downscaleGray(image: RgbaImage | GrayImage, maxSide: number): Downscaled {
  assertImage(image)
  const f = Math.max(1, Math.ceil(Math.max(image.width, image.height) / maxSide))
  if (f === 1) return { gray: toGray(image), factor: 1 }
  const w = Math.floor(image.width / f)
  const h = Math.floor(image.height / f)
  const channels = isGray(image) ? 1 : 4
  const src = image.data
  const sums = new Uint32Array(w)
  const out = new Uint8Array(w * h)
  const count = f * f
  for (let y = 0; y < h; y++) {
    sums.fill(0)
    for (let dy = 0; dy < f; dy++) {
      let j = ((y * f + dy) * image.width) * channels
      for (let x = 0; x < w; x++) {
        let s = 0
        if (channels === 1) {
          for (let dx = 0; dx < f; dx++, j++) s += src[j]
        } else {
          for (let dx = 0; dx < f; dx++, j += 4) s += src[j] * 4899 + src[j + 1] * 9617 + src[j + 2] * 1868
        }
        sums[x] += s
      }
    }
    const div = channels === 1 ? count : count * 16384
    for (let x = 0; x < w; x++) out[y * w + x] = Math.round(sums[x] / div)
  }
  return { gray: { width: w, height: h, data: out }, factor: f }
}

function assertImage(image: RgbaImage | GrayImage): void {
  const n = image.width * image.height
  if (!(image.width > 0 && image.height > 0) || (image.data.length !== n && image.data.length !== n * 4)) {
    throw new Error(`Not an image: ${image.width}×${image.height} with ${image.data.length} bytes`)
  }
}
