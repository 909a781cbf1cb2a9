/**
 * A cheap look at every cell, for watching a page while it is being solved: the grid is sampled
 * through its corners' perspective at a small size (no OpenCV, no full warp of the frame), its
 * sides first put on the border's lines (watch/border-lines.ts), and each cell is summed up by numbers
 * measured against the page's own paper:
 *  - `ink`: the share of the cell's middle that is dark like pen or pencil (against the paper around it, where that is in shadow);
 *  - `shade`: the middle's mean brightness, which a hand (or its shadow) over the cell lowers;
 *  - `tint`: the middle's colourfulness, which skin raises.
 * Besides, the ink of a band just outside the grid along each outer cell edge (`rim`), which a pen
 * held over the grid's edge crosses. The full reader (Tesseract, the cell judge) runs only when
 * these say the page changed.
 */
import { squareToQuad } from '../core/homography'
import { CELLS } from '../../sudoku/board'
import { onBorderLines } from './border-lines'
import { bilinear } from '../core/brightness'
import { applyHomography, distance, type Homography } from '../core/geometry'
import type { Corners, GrayImage, RgbaImage } from '../core/image'
import { byteQuantile, median } from '../core/median'

export interface CellInk {
  /** Per cell, 0..1: share of the cell's middle that is ink (dark against the paper, see INK_FULL, and UNSHADED for paper in shadow; lines along its edges left out, EDGE_ROWS). */
  readonly ink: Float32Array
  /** Per cell, 0..1+: the middle's mean brightness relative to the paper. */
  readonly shade: Float32Array
  /**
   * Per cell, 0..1: the middle's mean colourfulness (largest minus smallest channel) relative to the
   * paper's brightness: paper and print are grey, skin is not, even where a hand is as bright as
   * the paper. 0 for a grey image.
   */
  readonly tint: Float32Array
  /**
   * Per outer edge of a cell (RIM_EDGES: the top row's top edges left to right, then the right
   * column's, the bottom row's and the left column's), 0..1: the ink share of a band just outside
   * the grid along it, where a pen held at the grid's edge crosses; NaN where the band leaves the
   * image.
   */
  readonly rim: Float32Array
  /** Per outer edge as `rim`, 0..1: the band's mean colourfulness relative to the paper (as `tint`), which a hand beside the grid raises. */
  readonly rimTint: Float32Array
}

/** The grid's outer cell edges: 9 a side. */
export const RIM_EDGES = 36
/**
 * The band outside the grid, in cells from the border's middle (watch/border-lines.ts): past the line's
 * own width and the shift of a shaky camera (a thick outer line reaches ~0.05 cell out, shake ~0.05
 * more), and as wide again, so a pen's shaft (0.1-1 cell wide) crosses it whatever its angle.
 */
const RIM_FROM = 0.12
const RIM_TO = 0.3
/**
 * Lines sampled along the band, at least RIM_MIN_ACROSS and else one per pixel across it. Four
 * lines, 2 px apart on a newspaper page's small grid, let a thin printed rule 0.24 cell outside
 * its border fall on a line or between two as the corners found tilted by a pixel from look to
 * look: the band's ink swung by up to 0.2, more than RIM_RISE, and the watch saw a pen at the rim
 * where none was (bench:timelapse-session). A pixel apart, the rule counts the same at every look.
 */
const RIM_MIN_ACROSS = 4

/**
 * Samples per cell side: 24 resolves a pencil mark (a ninth of a cell, ~3 samples high) and keeps
 * the cost at 81 × 24² ≈ 47,000 samples a look.
 */
export const CELL_SAMPLES = 24
/**
 * Share of each side left out around the middle: grid lines and the line-shift of a shaky camera
 * (corners found a pixel or two off) stay out of the count; pencil marks in a cell's corner are
 * still mostly inside (they sit ~10-30% in from the cell's edges).
 */
const EDGE_SHARE = 0.12
/**
 * How dark is ink, relative to the paper: a sample counts fully at INK_FULL or darker, not at all
 * from INK_NONE up, and in proportion between. Pen and pencil strokes sample at 15-55% of the
 * paper's brightness, skin and shadows at 60-90%. A soft ramp rather than one cut, because a blurry
 * stroke's edge sits near any cut and a pixel of camera shake would swing the count.
 */
const INK_FULL = 0.42
const INK_NONE = 0.72
/** The paper's brightness: this quantile of every sample (robust to a hand over most of the grid). */
const PAPER_QUANTILE = 0.9
/**
 * Cells each way around a cell whose paper it is measured against where the page is in shadow
 * there (UNSHADED): the median of its own and its (up to eight) neighbours' middles'
 * PAPER_QUANTILE. A page lit unevenly is darker in a corner than the page's paper level by more
 * than INK_NONE: in a Wicht photo (image1007) the bottom left cells lie at 61-69% of it, so their
 * empty middles read as 0.25-0.3 ink, and a digit written there had to add NEW_INK_SHARE of that
 * to count as new (a thin 5 added 0.072-0.076 of the 0.077 asked). The median leaves out one
 * neighbour under a hand or full of ink. The shade and tint stay against the page's paper: they
 * are how a hand is seen.
 */
const PAPER_AROUND = 1
/**
 * Paper around a cell at least this bright, against the page's paper level, is measured against
 * the page's level; darker paper as though it were this bright. On the Wicht photos of the
 * sessions (bench:timelapse-session) the paper around a cell lies at 0.72-1.0 of the page's level
 * outside image1007's shadow, and an empty cell reads no ink against the page's level down to
 * about 0.88 (image1007's cells at 0.77-0.87 read 0.01-0.14). Measuring every cell against its own
 * surroundings instead took two thirds of the ink of pencil marks in cells at 0.81 (image43:
 * 0.035 became 0.010, under the trigger's NEW_INK), where the page's level had made them darker
 * than they are; they count as before here.
 */
const UNSHADED = 0.88
/**
 * Ink that runs along a whole edge of the middle is a grid line, not writing, and is left out: in
 * the band of the middle's EDGE_ROWS outer rows (and columns) on each side, the least ink of the
 * band's three thirds, three times over. A page bends away from the perspective its corners give:
 * on a Wicht newspaper photo (image1011) a thick box line ran 8% of a cell in, against EDGE_SHARE's
 * 12%, and as the corners found moved by a pixel from look to look its edge came into the middle
 * and went, so the ink of the cells beside it flickered by 0.02, more than NEW_INK, and the
 * time-lapse's trigger saw writing at every other look. A band of two rows holds such a line where
 * it runs slightly aslant. A pencil mark near an edge lies in one or two of the band's thirds and
 * stays; three marks along one edge (1, 2 and 3) lose the least of them. The least share over the
 * middle moved a sample each way, which this replaced, dropped two light marks near a cell's edge
 * altogether (6 of 407 pencilled cells in 35 sessions on image1 had no ink seen to arrive).
 */
const EDGE_ROWS = 2

export function cellInk(image: RgbaImage | GrayImage, corners: Corners): CellInk {
  // NaN outside the image: a side partly out of it is no border seen (watch/border-lines.ts), a band out of it shows nothing (rimInk); a cell's sample there stores as 0.
  const inside = bilinear(image)
  const border = onBorderLines(inside, corners)
  const m = squareToQuad(border)
  const side = CELL_SAMPLES
  const lo = Math.round(side * EDGE_SHARE)
  const inner = side - 2 * lo
  const per = inner * inner
  // Each cell's middle, row by row.
  const samples = new Uint8Array(CELLS * per)
  const colour = image.data.length === image.width * image.height * 4 ? image.data : null
  /** A sample's colourfulness (0 for a grey image). */
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

/** A sample's ink against a paper level: 1 at INK_FULL of the paper or darker, 0 from INK_NONE up, in proportion between. */
function inkAgainst(paper: number): (value: number) => number {
  const full = INK_FULL * paper
  const span = (INK_NONE - INK_FULL) * paper
  return (value) => Math.min(1, Math.max(0, (full + span - value) / span))
}

/** Each cell's paper level: the page's, or where the paper around it is in shadow (UNSHADED), that paper's (PAPER_AROUND). */
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

/** The ink of lines along the edges of an `inner` × `inner` middle (row by row): see EDGE_ROWS. */
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

/**
 * Each outer cell edge's band outside the grid (RIM_EDGES), over `across` lines along it: its ink
 * share and its colourfulness against the `paper`'s brightness; NaN where half of it is out of the image.
 */
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
      // In grid units (0..1 across the grid): `out` beyond the outer line, `along` it.
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

/** The cells along the grid's edge next to an outer edge of RIM_EDGES: its own and the two beside it. */
export function cellsBesideRimEdge(edge: number): number[] {
  const side = Math.floor(edge / 9)
  const cells: number[] = []
  for (let k = Math.max(0, (edge % 9) - 1); k <= Math.min(8, (edge % 9) + 1); k++)
    cells.push(side === 0 ? k : side === 1 ? k * 9 + 8 : side === 2 ? 72 + k : k * 9)
  return cells
}

/** Largest minus smallest channel of the nearest pixel (0 outside the image). */
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
