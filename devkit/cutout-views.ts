/**
 * A puzzle cut out of the paper and laid on a desk, made from a photo whose grid outline is known:
 * everything farther out than a scissor's margin from the outline becomes desk, and the photo is
 * framed with desk round it, so the paper ends just outside the grid's border on every side. A
 * person cuts along the border by eye: each side keeps its own margin of 0-MAX_MARGIN of a cell
 * (0-1.5 mm on a newspaper's 10 mm cells). The desk is one grey, dark to mid (a wooden or grey desk;
 * one as bright as paper shows no edge), with a little noise, as a camera sees it. Seeded: the same
 * photo name and seed give the same view. The grid's corners move only by the frame's padding.
 */
import { distance, polygonArea } from '../src/shared/vision/core/geometry'
import type { Corners, Point, RgbaImage } from '../src/shared/vision/core/image'
import { textRandom } from './random'

export interface CutoutView {
  readonly image: RgbaImage
  /** The grid's outer corners in the view's pixels. */
  readonly corners: Corners
  /** e.g. `desk 74, margins 0.02 0.11 0.00 0.07 of a cell`. */
  readonly label: string
}

/** The widest margin of paper left outside the border, as a share of a cell. */
export const MAX_MARGIN = 0.15
/** The desk's grey level: from a dark wooden desk to a mid-grey one. */
const DESK = [40, 130] as const
/** Desk added round the photo on each side, as a share of the grid's side. */
const PAD = 0.2
/** The desk's noise, in grey levels either way (a webcam's, at ordinary light). */
const NOISE = 3

/** What a view may fix rather than draw: the desk's grey, one margin for every side (share of a cell). */
export interface CutoutChoice {
  readonly desk?: number
  readonly margin?: number
}

/** The cut-out puzzle of the grid at `corners` in `photo`. */
export function cutoutView(photo: RgbaImage, corners: Corners, name: string, seed = 1, choice: CutoutChoice = {}): CutoutView {
  const rand = textRandom(`${name}:cutout:${seed}`)
  const gridSide = Math.max(...[0, 1, 2, 3].map((i) => distance(corners[i], corners[(i + 1) % 4])))
  const cell = gridSide / 9
  const margins = [0, 1, 2, 3].map(() => choice.margin ?? MAX_MARGIN * rand())
  const desk = choice.desk ?? DESK[0] + (DESK[1] - DESK[0]) * rand()
  const tint = [1.02, 1, 0.96]
  const pad = Math.round(PAD * gridSide)
  const width = photo.width + 2 * pad
  const height = photo.height + 2 * pad
  const moved = corners.map((p) => ({ x: p.x + pad, y: p.y + pad })) as unknown as Corners
  const inside = insideCut(
    moved,
    margins.map((m) => m * cell),
  )
  const data = new Uint8ClampedArray(width * height * 4)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4
      const px = x - pad
      const py = y - pad
      if (px >= 0 && py >= 0 && px < photo.width && py < photo.height && inside(x, y)) {
        const i = (py * photo.width + px) * 4
        data.set(photo.data.subarray(i, i + 4), o)
      } else {
        const noise = NOISE * (2 * rand() - 1)
        for (let ch = 0; ch < 3; ch++) data[o + ch] = desk * tint[ch] + noise
        data[o + 3] = 255
      }
    }
  }
  const label = `desk ${Math.round(desk)}, margins ${margins.map((m) => m.toFixed(2)).join(' ')} of a cell`
  return { image: { width, height, data }, corners: moved, label }
}

/** Whether a pixel lies inside the quad with each side (top, right, bottom, left) moved out by its margin. */
function insideCut(corners: Corners, margins: readonly number[]): (x: number, y: number) => boolean {
  // The signed area's sign: which side of each edge is inside.
  const sign = polygonArea(corners) > 0 ? 1 : -1
  const edges = [0, 1, 2, 3].map((i) => {
    const a: Point = corners[i]
    const b: Point = corners[(i + 1) % 4]
    const length = distance(a, b)
    return { a, dx: (b.x - a.x) / length, dy: (b.y - a.y) / length, margin: margins[i] }
  })
  return (x, y) => edges.every(({ a, dx, dy, margin }) => sign * (dx * (y - a.y) - dy * (x - a.x)) >= -margin)
}
