/** Copies between plain images and Mats. The caller owns (and deletes) every Mat returned here. */
import type { CV } from './cv'
import type { GrayImage } from './image'

type Mat = InstanceType<CV['Mat']>

export function matFromGray(cv: CV, image: GrayImage): Mat {
  const mat = new cv.Mat(image.height, image.width, cv.CV_8UC1)
  mat.data.set(image.data)
  return mat
}

/** A fresh copy of an 8-bit single-channel Mat's pixels (the Mat's buffer lives in the wasm heap). */
export function grayFromMat(mat: Mat): GrayImage {
  if (mat.channels() !== 1 || !mat.isContinuous()) throw new Error('grayFromMat needs a continuous 8-bit single-channel Mat')
  return { width: mat.cols, height: mat.rows, data: Uint8Array.from(mat.data) }
}
