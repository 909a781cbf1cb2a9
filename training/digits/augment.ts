/**
 * Training-time variations of a normalised 80x80 cell: small affine changes (the normaliser fixes
 * height and centre, but not slant, aspect or sub-pixel position) and stroke weight (thin and
 * bold print, ink spread). Applied on the fly so each epoch sees new variants.
 */
import { CELL_SIDE } from '../../src/shared/vision/digits/classifier'

const N = CELL_SIDE

export function augmentCell(src: Uint8Array, r: () => number, out = new Uint8Array(N * N), tmp = new Uint8Array(N * N)): Uint8Array {
  const angle = (r() - 0.5) * 0.14 // about ±4°
  const shear = (r() - 0.5) * 0.25
  const sx = 1 + (r() - 0.5) * 0.2
  const sy = 1 + (r() - 0.5) * 0.12
  const tx = (r() - 0.5) * 6
  const ty = (r() - 0.5) * 6
  const cos = Math.cos(angle),
    sin = Math.sin(angle)
  // Inverse map: output pixel -> source pixel, about the centre.
  const a = cos / sx,
    b = (sin + shear * cos) / sx
  const c = -sin / sy,
    d = (cos - shear * sin) / sy
  const half = N / 2
  for (let y = 0; y < N; y++)
    for (let x = 0; x < N; x++) {
      const ox = x + 0.5 - half - tx,
        oy = y + 0.5 - half - ty
      const px = a * ox + b * oy + half - 0.5
      const py = c * ox + d * oy + half - 0.5
      const ix = Math.floor(px),
        iy = Math.floor(py)
      const fx = px - ix,
        fy = py - iy
      const at = (xx: number, yy: number): number => (xx < 0 || yy < 0 || xx >= N || yy >= N ? 255 : src[yy * N + xx])
      const v = at(ix, iy) * (1 - fx) * (1 - fy) + at(ix + 1, iy) * fx * (1 - fy) + at(ix, iy + 1) * (1 - fx) * fy + at(ix + 1, iy + 1) * fx * fy
      tmp[y * N + x] = Math.round(v)
    }
  const w = r()
  if (w < 0.2)
    morph(tmp, out, Math.min) // bolder (ink is dark: min spreads it)
  else if (w < 0.35)
    morph(tmp, out, Math.max) // thinner
  else out.set(tmp)
  return out
}

/** 3x3 cross min/max filter, blended half-way so the stroke change is about one pixel. */
function morph(src: Uint8Array, out: Uint8Array, f: (...v: number[]) => number): void {
  for (let y = 0; y < N; y++)
    for (let x = 0; x < N; x++) {
      const i = y * N + x
      const v = f(src[i], x > 0 ? src[i - 1] : 255, x < N - 1 ? src[i + 1] : 255, y > 0 ? src[i - N] : 255, y < N - 1 ? src[i + N] : 255)
      out[i] = (src[i] + v) >> 1
    }
}
