/**
 * Step 1: each pen photo warped to a 900x900 colour square by its metadata.csv corners, with the
 * app's own warp (warp.ts `warpGrid`, run once per colour channel), cached as PNG so the later
 * steps and the contact sheets need not decode 12-16 MP photos again.
 */
import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import type { PenPhoto } from '../../datasets/kubiesa'
import { decodeImage } from '../../src/node/reader/decode-image'
import type { CV } from '../../src/shared/vision/core/cv'
import type { GrayImage, RgbaImage } from '../../src/shared/vision/core/image'
import { warpGrid } from '../../src/shared/vision/grid/warp'

export const CACHE_DIR = join(import.meta.dirname, '../../.cache/kubiesa-kinds')
/** The side the app warps grids to (read.ts), so cells are cut at the app's own scale. */
export const WARP_SIDE = 900

const warpedPath = (photo: PenPhoto): string => join(CACHE_DIR, 'warped', `${photo.name}.png`)

function channel(image: RgbaImage, c: number): GrayImage {
  const n = image.width * image.height
  const data = new Uint8Array(n)
  for (let i = 0; i < n; i++) data[i] = image.data[4 * i + c]
  return { width: image.width, height: image.height, data }
}

/** The photo's grid as an RGBA square (cached). */
export async function warpedPhoto(cv: CV, photo: PenPhoto): Promise<RgbaImage> {
  const file = warpedPath(photo)
  if (!existsSync(file)) {
    const rgba = await decodeImage(photo.jpg)
    const [r, g, b] = [0, 1, 2].map((c) => warpGrid(cv, channel(rgba, c), photo.corners, WARP_SIDE))
    const out = new Uint8Array(WARP_SIDE * WARP_SIDE * 3)
    for (let i = 0; i < WARP_SIDE * WARP_SIDE; i++) [out[3 * i], out[3 * i + 1], out[3 * i + 2]] = [r.data[i], g.data[i], b.data[i]]
    mkdirSync(join(CACHE_DIR, 'warped'), { recursive: true })
    await sharp(out, { raw: { width: WARP_SIDE, height: WARP_SIDE, channels: 3 } })
      .png()
      .toFile(file)
  }
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) }
}
