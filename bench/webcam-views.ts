/**
 * Small webcam frames of a grid that fills the view, made from a photo whose grid outline is known:
 * the photo is cropped round the outline so that the grid fills 90-100% of the frame's height (or
 * of its width, for a wide grid), its border touching the frame's edge or cut by 1-4 px on one or
 * two sides, and scaled down (area average, as a camera's scaler does) to 320x240 .. 640x480.
 * Seeded: the same photo name and seed give the same views. The grid's true corners are mapped
 * into the view; a cut corner lies outside it.
 */
import { type CV, withMats } from '../src/shared/vision/core/cv'
import type { Corners, Point, RgbaImage } from '../src/shared/vision/core/image'
import { textRandom } from '../devkit/random'

export interface WebcamView {
  readonly image: RgbaImage
  /** The grid's outer corners in the view's pixels (outside the view where the border is cut). */
  readonly corners: Corners
  /** e.g. `480x360 fill 0.95 cut top 3px`. */
  readonly label: string
}

const SIZES = [
  [320, 240],
  [400, 300],
  [480, 360],
  [512, 384],
  [640, 480],
] as const

/** Where each axis puts the frame: grid centred, or the frame's low or high edge cutting into the grid. */
type Placement = 'centred' | 'cut-low' | 'cut-high'
/** Per view, the placement across (x) and down (y); at least one side cut or touching. */
const PLACEMENTS: readonly [Placement, Placement][] = [
  ['centred', 'centred'],
  ['centred', 'cut-low'],
  ['centred', 'cut-high'],
  ['cut-low', 'centred'],
  ['cut-high', 'centred'],
  ['cut-low', 'cut-low'],
  ['cut-high', 'cut-high'],
  ['cut-low', 'cut-high'],
]

/** `count` seeded views of the grid at `corners` in `photo`. */
export function webcamViews(cv: CV, photo: RgbaImage, corners: Corners, name: string, count: number, seed = 1): WebcamView[] {
  const rand = textRandom(`${name}:${seed}`)
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]
  const xs = corners.map((p) => p.x)
  const ys = corners.map((p) => p.y)
  const box = { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) }
  const views: WebcamView[] = []
  for (let k = 0; k < count; k++) {
    const [outW, outH] = pick(SIZES)
    const [across, down] = pick(PLACEMENTS)
    // Centred in both directions: the border touches the frame (fill 1) or nearly (0.97-1).
    const fill = across === 'centred' && down === 'centred' ? 0.97 + 0.03 * rand() : 0.9 + 0.1 * rand()
    // The frame in photo pixels: the grid fills `fill` of its height, or of its width when wider.
    const frameH = Math.max(box.y1 - box.y0, ((box.x1 - box.x0) * outH) / outW) / fill
    const frameW = (frameH * outW) / outH
    const perOut = frameH / outH
    const cut = 1 + Math.floor(rand() * 4)
    const place = (how: Placement, lo: number, hi: number, frame: number): number =>
      how === 'cut-low' ? lo + cut * perOut : how === 'cut-high' ? hi - cut * perOut - frame : (lo + hi - frame) / 2
    const x0 = Math.round(place(across, box.x0, box.x1, frameW))
    const y0 = Math.round(place(down, box.y0, box.y1, frameH))
    const w = Math.round(frameW)
    const h = Math.round(frameH)
    const image = cropScaled(cv, photo, x0, y0, w, h, outW, outH)
    const map = (p: Point): Point => ({ x: ((p.x - x0 + 0.5) * outW) / w - 0.5, y: ((p.y - y0 + 0.5) * outH) / h - 0.5 })
    const sides = [
      across === 'cut-low' ? 'left' : across === 'cut-high' ? 'right' : '',
      down === 'cut-low' ? 'top' : down === 'cut-high' ? 'bottom' : '',
    ].filter(Boolean)
    const label = `${outW}x${outH} fill ${fill.toFixed(2)} ${sides.length ? `cut ${sides.join('+')} ${cut}px` : 'touching'}`
    views.push({ image, corners: corners.map(map) as unknown as Corners, label })
  }
  return views
}

/** The photo's `w`×`h` region at (x0, y0), the edge pixels repeated outside the photo, area-scaled to outW×outH. */
function cropScaled(cv: CV, photo: RgbaImage, x0: number, y0: number, w: number, h: number, outW: number, outH: number): RgbaImage {
  const crop = new Uint8Array(w * h * 4)
  const src = photo.data
  // The columns inside the photo are copied a row at a time; those outside repeat its edge.
  const inX0 = Math.min(w, Math.max(0, -x0))
  const inX1 = Math.max(inX0, Math.min(w, photo.width - x0))
  for (let y = 0; y < h; y++) {
    const row = Math.min(photo.height - 1, Math.max(0, y0 + y)) * photo.width
    if (inX1 > inX0) crop.set(src.subarray((row + x0 + inX0) * 4, (row + x0 + inX1) * 4), (y * w + inX0) * 4)
    for (let x = 0; x < w; x++) {
      if (x === inX0 && inX1 > inX0) x = inX1
      if (x >= w) break
      const i = (row + Math.min(photo.width - 1, Math.max(0, x0 + x))) * 4
      crop.set(src.subarray(i, i + 4), (y * w + x) * 4)
    }
  }
  return withMats((own) => {
    const m = own(cv.matFromArray(h, w, cv.CV_8UC4, crop))
    const out = own(new cv.Mat())
    cv.resize(m, out, new cv.Size(outW, outH), 0, 0, cv.INTER_AREA)
    return { width: outW, height: outH, data: Uint8Array.from(out.data) }
  })
}
