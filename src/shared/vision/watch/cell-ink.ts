/**
 * A cheap look at every cell while a page is solved, so the full reader runs only on a change: the
 * grid is sampled small through its corners, set on the border's lines (watch/border-lines.ts), and
 * each cell is measured against the page's own paper.
 */
import { squareToQuad } from '../core/homography'
import { CELLS } from '../../sudoku/board'
import { onBorderLines } from './border-lines'
import { bilinear } from '../core/brightness'
import { applyHomography, distance, type Homography } from '../core/geometry'
import type { Corners, GrayImage, RgbaImage } from '../core/image'
import { byteQuantile, median } from '../core/median'

export interface CellInk {
  /** Per cell, 0..1: share of the middle that is ink (pen, pencil), edge lines left out. */
  readonly ink: Float32Array
  /** Per cell, 0..1+: mean brightness against the paper, lowered by a hand. */
  readonly shade: Float32Array
  /** Per cell, 0..1: mean colourfulness against the paper, raised by skin. */
  readonly tint: Float32Array
  /** Per outer edge (top, right, bottom, left), 0..1: ink just outside, where a pen crosses; NaN off the image. */
  readonly rim: Float32Array
  /** Per outer edge: colourfulness as `tint`. */
  readonly rimTint: Float32Array
}

/** Outer cell edges: 9 a side. */
export const RIM_EDGES = 36
/** The rim band, in cells out from the border: past the line and shake (~0.1 cell). */
const RIM_FROM = 0.12
const RIM_TO = 0.3
/** Lines along the band: at least this many, else one a pixel, so a rule beside it counts alike every look. */
const RIM_MIN_ACROSS = 4

/** Samples per cell side: a pencil mark is ~3 samples high. */
export const CELL_SAMPLES = 24
/** Share of each side left out of a middle: grid lines out, pencil marks (10-30% in) in. */
const EDGE_SHARE = 0.12
/** Ink against the paper, full to none, a ramp so shake does not swing it: strokes are 15-55% of it, skin and shadow 60-90%. */
const INK_FULL = 0.42
const INK_NONE = 0.72
/** The paper's brightness quantile, robust to a hand over most of the grid. */
const PAPER_QUANTILE = 0.9
/** Cells each way whose median paper a shaded cell is measured against, lest shade read as ink. */
const PAPER_AROUND = 1
/** Paper this bright (of the page's) is unshaded. Set from Wicht photos: empty cells read no ink down to ~0.88. */
const UNSHADED = 0.88
/** Rows at each edge of a middle where ink along all three thirds is a grid line, left out. */
const EDGE_ROWS = 2

/** CellInk of the grid at `corners`. */
export function cellInk(image: RgbaImage | GrayImage, corners: Corners): CellInk {
  // NaN outside the image (a cell's sample stores it as 0).
  const inside = bilinear(image)
  const border = onBorderLines(inside, corners)
  const m = squareToQuad(border)
  const side = CELL_SAMPLES
  const lo = Math.round(side * EDGE_SHARE)
  const inner = side - 2 * lo
  const per = inner * inner
  const samples = new Uint8Array(CELLS * per)
  const colour = image.data.length === image.width * image.height * 4 ? image.data : null
  const tintAt = (x: number, y: number): number => (colour ? chroma(colour, image.width, image.height, x, y) : 0)
  const tint = new Float32Array(CELLS)
  let k = 0
  for (let cell = 0; cell < CELLS; cell++) {
    const u0 = (cell % 9) / 9
    const v0 = Math.floor(cell / 9) / 9
    for (let j = lo; j < side - lo; j++) {
      for (let i = lo; i < side - lo; i++) {
        const u = u0 + (i + 0.5) / (9 * side)
        const v = v0 + (j + 0.5) / (9 * side)
        const { x, y } = applyHomography(m, { x: u, y: v })
        samples[k++] = inside(x, y)
        tint[cell] += tintAt(x, y)
      }
    }
  }
  const paper = Math.max(1, byteQuantile(samples, PAPER_QUANTILE))
  const inkOf = inkAgainst(paper)
  const paperNear = localPaper(samples, per, paper)
  const ink = new Float32Array(CELLS)
  const shade = new Float32Array(CELLS)
  const inked = new Float32Array(per)
  for (let cell = 0; cell < CELLS; cell++) {
    const first = cell * per
    const cellInkOf = inkAgainst(paperNear[cell])
    let sum = 0
    let total = 0
    for (let n = 0; n < per; n++) {
      inked[n] = cellInkOf(samples[first + n])
      total += inked[n]
      sum += samples[first + n]
    }
    ink[cell] = Math.max(0, total - edgeLineInk(inked, inner)) / per
    shade[cell] = sum / per / paper
    tint[cell] /= per * paper
  }
  const cellSide = [0, 1, 2, 3].reduce((sum, k) => sum + distance(border[k], border[(k + 1) % 4]), 0) / 36
  const across = Math.max(RIM_MIN_ACROSS, Math.ceil((RIM_TO - RIM_FROM) * cellSide))
  return { ink, shade, tint, ...rimInk(m, across, inside, inkOf, tintAt, paper) }
}

function inkAgainst(paper: number): (value: number) => number {
  const full = INK_FULL * paper
  const span = (INK_NONE - INK_FULL) * paper
  return (value) => Math.min(1, Math.max(0, (full + span - value) / span))
}

/** Each cell's paper: the page's, or where shaded the paper around it. */
function localPaper(samples: Uint8Array, per: number, page: number): Float32Array {
  const own = Array.from({ length: CELLS }, (_, cell) => byteQuantile(samples.subarray(cell * per, (cell + 1) * per), PAPER_QUANTILE))
  const near = new Float32Array(CELLS)
  for (let cell = 0; cell < CELLS; cell++) {
    const row = Math.floor(cell / 9)
    const col = cell % 9
    const levels: number[] = []
    for (let r = Math.max(0, row - PAPER_AROUND); r <= Math.min(8, row + PAPER_AROUND); r++)
      for (let c = Math.max(0, col - PAPER_AROUND); c <= Math.min(8, col + PAPER_AROUND); c++) levels.push(own[r * 9 + c])
    near[cell] = Math.max(1, Math.min(page, median(levels) / UNSHADED))
  }
  return near
}

/** The ink of lines along the edges of an `inner`² middle: three times each edge band's least third. */
function edgeLineInk(inked: Float32Array, inner: number): number {
  const third = Math.floor(inner / 3)
  let lines = 0
  for (const outer of [0, inner - EDGE_ROWS]) {
    const across = [0, 0, 0]
    const down = [0, 0, 0]
    for (let r = outer; r < outer + EDGE_ROWS; r++) {
      for (let t = 0; t < 3 * third; t++) {
        across[Math.floor(t / third)] += inked[r * inner + t]
        down[Math.floor(t / third)] += inked[t * inner + r]
      }
    }
    lines += 3 * (Math.min(...across) + Math.min(...down))
  }
  return lines
}

/** Each outer edge's ink and tint; NaN where half is off the image. */
function rimInk(
  m: Homography,
  across: number,
  inside: (x: number, y: number) => number,
  inkOf: (value: number) => number,
  tintAt: (x: number, y: number) => number,
  paper: number,
): Pick<CellInk, 'rim' | 'rimTint'> {
  const rim = new Float32Array(RIM_EDGES)
  const rimTint = new Float32Array(RIM_EDGES)
  const per = CELL_SAMPLES * across
  for (let edge = 0; edge < RIM_EDGES; edge++) {
    const side = Math.floor(edge / 9)
    let inked = 0
    let tinted = 0
    let seen = 0
    for (let a = 0; a < across; a++) {
      // Grid units: `out` beyond the outer line, `along` it.
      const out = (RIM_FROM + ((a + 0.5) / across) * (RIM_TO - RIM_FROM)) / 9
      for (let i = 0; i < CELL_SAMPLES; i++) {
        const along = ((edge % 9) + (i + 0.5) / CELL_SAMPLES) / 9
        const [u, v] = side === 0 ? [along, -out] : side === 1 ? [1 + out, along] : side === 2 ? [along, 1 + out] : [-out, along]
        const { x, y } = applyHomography(m, { x: u, y: v })
        const value = inside(x, y)
        if (Number.isNaN(value)) continue
        seen++
        inked += inkOf(value)
        tinted += tintAt(x, y)
      }
    }
    rim[edge] = seen * 2 >= per ? inked / seen : Number.NaN
    rimTint[edge] = seen * 2 >= per ? tinted / seen / paper : Number.NaN
  }
  return { rim, rimTint }
}

/** The outer cells beside an outer edge: its own and the two next to it. */
export function cellsBesideRimEdge(edge: number): number[] {
  const side = Math.floor(edge / 9)
  const cells: number[] = []
  for (let k = Math.max(0, (edge % 9) - 1); k <= Math.min(8, (edge % 9) + 1); k++)
    cells.push(side === 0 ? k : side === 1 ? k * 9 + 8 : side === 2 ? 72 + k : k * 9)
  return cells
}

/** Max minus min channel at the nearest pixel; 0 outside. */
function chroma(data: Uint8Array | Uint8ClampedArray, width: number, height: number, x: number, y: number): number {
  const px = Math.round(x)
  const py = Math.round(y)
  if (px < 0 || py < 0 || px >= width || py >= height) return 0
  const i = (py * width + px) * 4
  const r = data[i]
  const g = data[i + 1]
  const b = data[i + 2]
  return Math.max(r, g, b) - Math.min(r, g, b)
}
