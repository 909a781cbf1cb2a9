/**
 * The same photo seen another way, for bench:read's robustness runs (`--view rotate=30,tilt=30`):
 * turned in the image plane by `rotate` degrees and/or with the camera tilted back by `tilt`
 * degrees (the far edge of the page shrinks and the page foreshortens). The uncovered surroundings
 * take the photo's mean edge colour, like a plain desk: white surroundings would draw a sharp frame
 * that no real scene has (and that the grid detector then takes for an outline).
 *
 * The tilt is a pinhole camera at 1.5 page-heights from the page: the far edge appears
 * (1.5 − ½·sin t) / (1.5 + ½·sin t) as wide as the near one (0.71 at 30°) and the page cos t as tall.
 */
import { type CV, withMats } from '../src/shared/vision/core/cv'
import type { Point, RgbaImage } from '../src/shared/vision/core/image'

export interface View {
  readonly rotate: number
  readonly tilt: number
}

/** Parses `rotate=30,tilt=-20` (either part may be left out). */
export function parseView(text: string): View {
  const parts = Object.fromEntries(text.split(',').map((kv) => kv.split('=') as [string, string]))
  const view = { rotate: Number(parts.rotate ?? 0), tilt: Number(parts.tilt ?? 0) }
  if (!Number.isFinite(view.rotate) || !Number.isFinite(view.tilt) || Object.keys(parts).some((k) => k !== 'rotate' && k !== 'tilt')) {
    throw new Error(`--view wants rotate=DEG,tilt=DEG, not ${text}`)
  }
  return view
}

export interface ViewedPhoto {
  readonly image: RgbaImage
  /** Where a point of the original photo lands in the view. */
  map(p: Point): Point
}

export function viewPhoto(cv: CV, image: RgbaImage, view: View): ViewedPhoto {
  const { width: w, height: h } = image
  const t = (view.tilt * Math.PI) / 180
  const s = 0.5 * Math.sin(Math.abs(t))
  const far = (1.5 - s) / (1.5 + s)
  const tall = Math.cos(t)
  // Tilted: the far edge (top for a positive tilt) narrows about the centre line.
  const inset = ((1 - far) * w) / 2
  const tiltedCorners =
    t >= 0
      ? [
          [inset, 0],
          [w - inset, 0],
          [w, h * tall],
          [0, h * tall],
        ]
      : [
          [0, 0],
          [w, 0],
          [w - inset, h * tall],
          [inset, h * tall],
        ]
  const r = (view.rotate * Math.PI) / 180
  const [cx, cy] = [w / 2, (h * tall) / 2]
  const turned = tiltedCorners.map(([x, y]) => [cx + (x - cx) * Math.cos(r) - (y - cy) * Math.sin(r), cy + (x - cx) * Math.sin(r) + (y - cy) * Math.cos(r)])
  const minX = Math.min(...turned.map((p) => p[0]))
  const minY = Math.min(...turned.map((p) => p[1]))
  const outW = Math.ceil(Math.max(...turned.map((p) => p[0])) - minX)
  const outH = Math.ceil(Math.max(...turned.map((p) => p[1])) - minY)
  return withMats((own) => {
    const src = own(cv.matFromArray(h, w, cv.CV_8UC4, image.data))
    const from = own(cv.matFromArray(4, 1, cv.CV_32FC2, [0, 0, w, 0, w, h, 0, h]))
    const to = own(
      cv.matFromArray(
        4,
        1,
        cv.CV_32FC2,
        turned.flatMap(([x, y]) => [x - minX, y - minY]),
      ),
    )
    const m = own(cv.getPerspectiveTransform(from, to))
    const out = own(new cv.Mat())
    const [r, g, b] = edgeColour(image)
    cv.warpPerspective(src, out, m, new cv.Size(outW, outH), cv.INTER_LINEAR, cv.BORDER_CONSTANT, new cv.Scalar(r, g, b, 255))
    const hm = Array.from(m.data64F)
    const map = (p: Point): Point => {
      const z = hm[6] * p.x + hm[7] * p.y + hm[8]
      return { x: (hm[0] * p.x + hm[1] * p.y + hm[2]) / z, y: (hm[3] * p.x + hm[4] * p.y + hm[5]) / z }
    }
    return { image: { width: outW, height: outH, data: Uint8Array.from(out.data) }, map }
  })
}

/** Mean colour of the photo's outermost rows and columns. */
function edgeColour(image: RgbaImage): [number, number, number] {
  const { width: w, height: h, data } = image
  const sum = [0, 0, 0]
  let n = 0
  const add = (x: number, y: number): void => {
    for (let c = 0; c < 3; c++) sum[c] += data[(y * w + x) * 4 + c]
    n++
  }
  for (let x = 0; x < w; x++) {
    add(x, 0)
    add(x, h - 1)
  }
  for (let y = 0; y < h; y++) {
    add(0, y)
    add(w - 1, y)
  }
  return sum.map((v) => Math.round(v / n)) as [number, number, number]
}
