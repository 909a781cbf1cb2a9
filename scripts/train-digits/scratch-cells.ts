/**
 * TEMPORARY stand-in for src/shared/vision/cells.ts (the reader's), following the recipe in
 * issue 3: warp to 900x900, subtract the background, one Otsu threshold, per cell strip ~12% of
 * the border, largest blob near the centre, re-threshold inside its box, scale to ~40 px high,
 * centre on an 80x80 white canvas. Replaced by the real cells.ts once it lands.
 */
import sharp from 'sharp'
import cvModule from '@techstark/opencv-js'
import { withMats } from '../../src/shared/vision/cv'
import type { Corners, GrayImage } from '../../src/shared/vision/image'

type CV = typeof cvModule
// cv.ts's loadOpenCV returns the thenable module from an async function, which never settles;
// until that is fixed, keep the module in a box here.
let box: Promise<{ cv: CV }> | undefined
async function cvBox(): Promise<{ cv: CV }> {
  box ??= new Promise((resolve) => {
    const mod = cvModule as CV & { onRuntimeInitialized?: () => void }
    if (typeof mod.Mat === 'function') resolve({ cv: mod })
    else mod.onRuntimeInitialized = () => resolve({ cv: mod })
  })
  return box
}

export async function decodeGray(file: string): Promise<GrayImage> {
  const { data, info } = await sharp(file).greyscale().raw().toBuffer({ resolveWithObject: true })
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) }
}

export async function warpGray(img: GrayImage, c: Corners, size = 900): Promise<GrayImage> {
  const { cv } = await cvBox()
  return withMats((own) => {
    const src = own(cv.matFromArray(img.height, img.width, cv.CV_8UC1, Array.from(img.data)))
    const from = own(cv.matFromArray(4, 1, cv.CV_32FC2, c.flatMap((p) => [p.x, p.y])))
    const to = own(cv.matFromArray(4, 1, cv.CV_32FC2, [0, 0, size, 0, size, size, 0, size]))
    const m = own(cv.getPerspectiveTransform(from, to))
    const dst = own(new cv.Mat())
    cv.warpPerspective(src, dst, m, new cv.Size(size, size), cv.INTER_LINEAR, cv.BORDER_REPLICATE)
    const bg = own(new cv.Mat())
    const k = own(cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(31, 31)))
    cv.morphologyEx(dst, bg, cv.MORPH_CLOSE, k)
    // Flatten the lighting: grey / background, so a shadow does not read as ink.
    const out = new Uint8Array(size * size)
    for (let i = 0; i < out.length; i++) {
      const b = Math.max(1, bg.data[i])
      out[i] = Math.min(255, Math.round((dst.data[i] / b) * 255))
    }
    return { width: size, height: size, data: out }
  })
}

function otsu(values: ArrayLike<number>): number {
  const hist = new Float64Array(256)
  for (let i = 0; i < values.length; i++) hist[values[i]]++
  const total = values.length
  let sum = 0
  for (let i = 0; i < 256; i++) sum += i * hist[i]
  let sumB = 0, wB = 0, best = 0, thr = 128
  for (let t = 0; t < 256; t++) {
    wB += hist[t]
    if (wB === 0) continue
    const wF = total - wB
    if (wF === 0) break
    sumB += t * hist[t]
    const mB = sumB / wB, mF = (sum - sumB) / wF
    const between = wB * wF * (mB - mF) ** 2
    if (between > best) (best = between), (thr = t)
  }
  return thr
}

/** One 80x80 normalised cell image per cell (white 255, dark digit ~40 px high), or null if empty. */
export function scratchCells(warped: GrayImage): (GrayImage | null)[] {
  const size = warped.width
  const thr = otsu(warped.data)
  const step = size / 9
  const cells: (GrayImage | null)[] = []
  for (let r = 0; r < 9; r++)
    for (let c = 0; c < 9; c++) {
      const m = Math.round(step * 0.12)
      const x0 = Math.round(c * step) + m, y0 = Math.round(r * step) + m
      const w = Math.round(step) - 2 * m, h = w
      const ink = new Uint8Array(w * h)
      for (let y = 0; y < h; y++)
        for (let x = 0; x < w; x++) ink[y * w + x] = warped.data[(y0 + y) * size + x0 + x] < thr ? 1 : 0
      // Connected components (4-neighbour).
      const label = new Int32Array(w * h).fill(-1)
      const blobs: { x0: number; y0: number; x1: number; y1: number; n: number; edge: boolean }[] = []
      for (let i = 0; i < w * h; i++) {
        if (!ink[i] || label[i] >= 0) continue
        const id = blobs.length
        const b = { x0: w, y0: h, x1: -1, y1: -1, n: 0, edge: false }
        const stack = [i]
        label[i] = id
        while (stack.length) {
          const j = stack.pop()!
          const x = j % w, y = (j / w) | 0
          b.n++
          b.x0 = Math.min(b.x0, x), b.x1 = Math.max(b.x1, x), b.y0 = Math.min(b.y0, y), b.y1 = Math.max(b.y1, y)
          if (x === 0 || y === 0 || x === w - 1 || y === h - 1) b.edge = true
          for (const k of [j - 1, j + 1, j - w, j + w]) {
            if (k < 0 || k >= w * h) continue
            if ((k === j - 1 && x === 0) || (k === j + 1 && x === w - 1)) continue
            if (ink[k] && label[k] < 0) (label[k] = id), stack.push(k)
          }
        }
        blobs.push(b)
      }
      const central = blobs.filter((b) => !b.edge && b.n > 15 && b.y1 - b.y0 > h * 0.25)
      if (!central.length) {
        cells.push(null)
        continue
      }
      central.sort((a, b) => b.n - a.n)
      const box = { ...central[0] }
      for (const b of central.slice(1))
        if (b.x0 <= box.x1 + 2 && b.x1 >= box.x0 - 2 && b.y0 <= box.y1 + 2 && b.y1 >= box.y0 - 2)
          (box.x0 = Math.min(box.x0, b.x0)), (box.x1 = Math.max(box.x1, b.x1)), (box.y0 = Math.min(box.y0, b.y0)), (box.y1 = Math.max(box.y1, b.y1))
      // Re-threshold the grey pixels inside the box (a little margin), then scale to 40 px high.
      const pad = 2
      const bx0 = Math.max(0, box.x0 - pad), by0 = Math.max(0, box.y0 - pad)
      const bx1 = Math.min(w - 1, box.x1 + pad), by1 = Math.min(h - 1, box.y1 + pad)
      const bw = bx1 - bx0 + 1, bh = by1 - by0 + 1
      const grey: number[] = []
      for (let y = by0; y <= by1; y++) for (let x = bx0; x <= bx1; x++) grey.push(warped.data[(y0 + y) * size + x0 + x])
      const t2 = otsu(grey)
      const scale = 40 / (box.y1 - box.y0 + 1)
      const out = new Uint8Array(80 * 80).fill(255)
      const ow = bw * scale, oh = bh * scale
      const ox = (80 - ow) / 2, oy = (80 - oh) / 2
      for (let y = 0; y < 80; y++)
        for (let x = 0; x < 80; x++) {
          const sx = (x - ox) / scale, sy = (y - oy) / scale
          if (sx < 0 || sy < 0 || sx >= bw - 1 || sy >= bh - 1) continue
          const ix = Math.floor(sx), iy = Math.floor(sy), fx = sx - ix, fy = sy - iy
          const g = (xx: number, yy: number) => grey[yy * bw + xx]
          const v = g(ix, iy) * (1 - fx) * (1 - fy) + g(ix + 1, iy) * fx * (1 - fy) + g(ix, iy + 1) * (1 - fx) * fy + g(ix + 1, iy + 1) * fx * fy
          // Soft re-threshold: ink -> 0, paper -> 255, a narrow ramp around the local threshold.
          out[y * 80 + x] = Math.max(0, Math.min(255, Math.round(128 + (v - t2) * 8)))
        }
      cells.push({ width: 80, height: 80, data: out })
    }
  return cells
}
