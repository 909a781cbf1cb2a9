/**
 * The warped grid divided by its paper's shading (a close removes the strokes and keeps the paper),
 * so shadows become flat white paper; one Otsu cut then gives the ink mask of the first look.
 */
import type { CV } from '../core/cv'
import { withMats } from '../core/cv'
import type { GrayImage } from '../core/image'

/** The background-divided grey, unclipped and smoothed (paper ~255): the second look's. */
export interface LevelImage {
  readonly width: number
  readonly height: number
  readonly data: Float32Array
}

export interface Flattened {
  /** Paper ~255, clipped. */
  readonly flat: GrayImage
  /** 255 where `flat` is under `inkCut`, its Otsu cut. */
  readonly ink: GrayImage
  readonly inkCut: number
  readonly level: LevelImage
}

/** The paper: a close with a 31 px ellipse at the 900 px warp (scaled with it), wider than any stroke. Chosen by hand. */
const CLOSE_KERNEL_AT_900 = 31
/** The close runs at a third of the size: the paper is smooth, and full size costs ~2 s in wasm. */
const CLOSE_SCALE = 3
/** The level image is smoothed 3×3, so single noisy pixels do not break faint strokes. */
const LEVEL_SMOOTH = 3

/** `warped` flattened, with its ink mask, its cut and the level image. */
export function flattenAndThreshold(cv: CV, warped: GrayImage): Flattened {
  return withMats((own) => {
    const src = own(cv.matFromArray(warped.height, warped.width, cv.CV_8UC1, warped.data))
    const small = own(new cv.Mat())
    const smallSize = new cv.Size(Math.max(1, Math.round(warped.width / CLOSE_SCALE)), Math.max(1, Math.round(warped.height / CLOSE_SCALE)))
    cv.resize(src, small, smallSize, 0, 0, cv.INTER_AREA)
    const kernelSize = Math.max(3, Math.round((CLOSE_KERNEL_AT_900 * warped.width) / 900 / CLOSE_SCALE) | 1)
    const kernel = own(cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(kernelSize, kernelSize)))
    const closed = own(new cv.Mat())
    cv.morphologyEx(small, closed, cv.MORPH_CLOSE, kernel)
    const background = own(new cv.Mat())
    cv.resize(closed, background, new cv.Size(warped.width, warped.height), 0, 0, cv.INTER_LINEAR)
    const flatMat = own(new cv.Mat())
    cv.divide(src, background, flatMat, 255)
    const inkMat = own(new cv.Mat())
    const inkCut = cv.threshold(flatMat, inkMat, 0, 255, cv.THRESH_BINARY_INV | cv.THRESH_OTSU)
    // The level image: the same division unclipped (bright paper varies above the background too).
    const src32 = own(new cv.Mat())
    src.convertTo(src32, cv.CV_32F, 255)
    const background32 = own(new cv.Mat())
    background.convertTo(background32, cv.CV_32F, 1, 1)
    const ratio = own(new cv.Mat())
    cv.divide(src32, background32, ratio)
    const level = own(new cv.Mat())
    cv.blur(ratio, level, new cv.Size(LEVEL_SMOOTH, LEVEL_SMOOTH), new cv.Point(-1, -1), cv.BORDER_REPLICATE)
    return {
      flat: { width: warped.width, height: warped.height, data: Uint8Array.from(flatMat.data) },
      ink: { width: warped.width, height: warped.height, data: Uint8Array.from(inkMat.data) },
      inkCut,
      level: { width: warped.width, height: warped.height, data: Float32Array.from(level.data32F) },
    }
  })
}
