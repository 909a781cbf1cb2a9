/** An image's brightness at any point, for code that samples a grid through its corners' perspective without OpenCV. */
import type { GrayImage, RgbaImage } from './image'

/** Brightness at (x, y) in pixels; NaN outside the image. */
export type Brightness = (x: number, y: number) => number

/** A pixel's brightness: its grey, or its colour's luma (Rec. 601 weights, in 8-bit fixed point). */
function luma(image: RgbaImage | GrayImage): (x: number, y: number) => number {
  const { width, data } = image
  if (data.length === image.width * image.height) return (x, y) => data[y * width + x]
  return (x, y) => {
    const i = (y * width + x) * 4
    return (data[i] * 77 + data[i + 1] * 150 + data[i + 2] * 29) >> 8
  }
}

/**
 * Brightness between pixels, interpolated: a nearest-pixel sample makes a stroke's ink share jump
 * by a few percent when the camera shakes by a pixel, about the size of a pencil mark.
 */
export function bilinear(image: RgbaImage | GrayImage): Brightness {
  const at = luma(image)
  const maxX = image.width - 1
  const maxY = image.height - 1
  return (x, y) => {
    if (!(x >= 0 && y >= 0 && x <= maxX && y <= maxY)) return Number.NaN
    const x0 = Math.min(Math.floor(x), maxX - 1)
    const y0 = Math.min(Math.floor(y), maxY - 1)
    const fx = x - x0
    const fy = y - y0
    const top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx
    const bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx
    return top * (1 - fy) + bottom * fy
  }
}
