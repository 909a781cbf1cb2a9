/**
 * A handful of real photos for the reading tests, chosen for variety: B. Wicht's sudoku_dataset
 * (v2_train, CC-BY-4.0; B. Wicht, J. Hennebert, "Camera-based Sudoku recognition with Deep Belief
 * Network", SoCPaR 2014), with their ground truth (.dat) and hand-made outlines.
 */
import { decodeImage } from '../../../src/node/reader/decode-image'
import { toGray } from '../../../src/shared/vision/core/gray'
import type { GrayImage, RgbaImage } from '../../../src/shared/vision/core/image'
import { listPhotos, type WichtPhoto } from '../../../datasets/wicht'

/**
 * image1: 640x480, sharp, small grid; image156: 640x480, blurred and grey print; image116: 640x480,
 * another camera; image1082: 960x1280 phone photo, large grid with margins.
 */
export const TEST_PHOTOS = ['image1', 'image156', 'image116', 'image1082'] as const

let all: WichtPhoto[] | undefined
export function photo(name: string): WichtPhoto {
  all ??= listPhotos()
  const p = all.find((x) => x.name === name)
  if (!p) throw new Error(`no photo ${name}`)
  return p
}

export async function photoPixels(name: string): Promise<{ rgba: RgbaImage; gray: GrayImage }> {
  const rgba = await decodeImage(photo(name).jpg)
  return { rgba, gray: toGray(rgba) }
}
