/** A cell measured on the level image for the second look: its paper, the paper's noise, its ink and grid lines. */
import type { DigitBox } from './blobs'
import { cellCrop } from './crop'
import type { LevelImage } from './flatten'
import type { CellBounds } from './extract-cells'

/** Noise is floored at this many grey levels: overexposed paper clips to one level and JPEG flattens smooth areas. */
export const NOISE_FLOOR = 2
/** Histogram bins: quarter grey levels, up to 512 (the level image is unclipped). */
const LEVEL_BINS = 4 * 512
/** The candidate's ink: darker than halfway from the paper to the darkest 1% of the cell's middle, and at least 4 noises below it. Chosen by hand. */
const INK_PERCENTILE = 0.01
const MIN_INK_NOISES = 4
/** A line's depth: over the middle 60% of the side, within 12% of a cell of the lattice line. Chosen by hand. */
const LINE_SIDE_SKIP = 0.2
const LINE_REACH = 0.12

/** A cell's crop of the level image (a view, not a copy) and its paper's statistics. */
export interface CellLevels {
  readonly x0: number
  readonly y0: number
  readonly w: number
  readonly h: number
  readonly side: number
  readonly level: LevelImage
  readonly paper: number
  readonly noise: number
  /** The darkest level in the middle of the cell. */
  readonly darkest: number
  /** Pixels darker than this are the candidate's ink. */
  readonly cut: number
}

/** Crop pixel (x, y) of a CellLevels, read from the level image. */
export const levelAt = (at: CellLevels, x: number, y: number): number => at.level.data[(at.y0 + y) * at.level.width + at.x0 + x]

/** A cell's CellLevels; null for a cell too small to measure. */
export function cellLevels(level: LevelImage, cell: CellBounds): CellLevels | null {
  const { side, x0, y0, w, h, band } = cellCrop(cell, level.width, level.height)
  const [x1, y1] = [x0 + w, y0 + h]
  if (w < 2 * band + 4 || h < 2 * band + 4) return null
  const { data, width } = level

  // Inside the band: median, 1st percentile, minimum; noise from the brighter half, which ink cannot inflate.
  const bins = new Uint32Array(LEVEL_BINS)
  for (let y = y0 + band; y < y1 - band; y++)
    for (let x = x0 + band; x < x1 - band; x++) {
      const b = (data[y * width + x] * 4 + 0.5) | 0
      bins[b < 0 ? 0 : b >= LEVEL_BINS ? LEVEL_BINS - 1 : b]++
    }
  const count = (w - 2 * band) * (h - 2 * band)
  let darkest = -1
  let percentile1 = -1
  let paper = -1
  for (let b = 0, seen = 0; paper < 0; b++) {
    seen += bins[b]
    if (darkest < 0 && seen > 0) darkest = b / 4
    if (percentile1 < 0 && seen > INK_PERCENTILE * count) percentile1 = b / 4
    if (seen > 0.5 * count || b === LEVEL_BINS - 1) paper = b / 4
  }
  let squares = 0
  let brighter = 0
  for (let y = y0 + band; y < y1 - band; y++)
    for (let x = x0 + band; x < x1 - band; x++) {
      const d = data[y * width + x] - paper
      if (d < 0) continue
      squares += d * d
      brighter++
    }
  const noise = Math.max(NOISE_FLOOR, Math.sqrt(squares / Math.max(1, brighter)))
  const cut = paper - Math.max(MIN_INK_NOISES * noise, 0.5 * (paper - percentile1))
  return { x0, y0, w, h, side, level, paper, noise, darkest, cut }
}

/** Mean darkness below the paper of the pixels under the cut inside a box (crop coordinates). */
export function meanDarkness(at: CellLevels, box: Pick<DigitBox, 'x0' | 'y0' | 'x1' | 'y1'>): number {
  let darkness = 0
  let n = 0
  for (let y = Math.max(0, box.y0); y <= Math.min(at.h - 1, box.y1); y++)
    for (let x = Math.max(0, box.x0); x <= Math.min(at.w - 1, box.x1); x++) {
      const v = levelAt(at, x, y)
      if (v >= at.cut) continue
      darkness += at.paper - v
      n++
    }
  return darkness / Math.max(1, n)
}

/** How much darker than `paper` a cell's lines are: the middle two sides, so no bold or broken line decides it. */
export function lineDepth(level: LevelImage, cell: CellBounds, paper: number): number {
  const { width, data } = level
  const { left, top, right, bottom } = cell
  const side = Math.min(right - left, bottom - top)
  const reach = Math.round(LINE_REACH * side)
  const sideDepth = (horizontal: boolean, at: number, from: number, to: number): number => {
    const [acrossLimit, alongLimit] = horizontal ? [level.height, level.width] : [level.width, level.height]
    const a = Math.max(0, Math.round(from + LINE_SIDE_SKIP * (to - from)))
    const b = Math.min(alongLimit, Math.round(to - LINE_SIDE_SKIP * (to - from)))
    if (b <= a) return 0
    let darkest = Infinity
    for (let o = -reach; o <= reach; o++) {
      const across = Math.round(at) + o
      if (across < 0 || across >= acrossLimit) continue
      let sum = 0
      if (horizontal) for (let t = a; t < b; t++) sum += data[across * width + t]
      else for (let t = a; t < b; t++) sum += data[t * width + across]
      darkest = Math.min(darkest, sum / (b - a))
    }
    return darkest === Infinity ? 0 : paper - darkest
  }
  const depths = [
    sideDepth(true, top, left, right),
    sideDepth(true, bottom, left, right),
    sideDepth(false, left, top, bottom),
    sideDepth(false, right, top, bottom),
  ].sort((p, q) => p - q)
  return (depths[1] + depths[2]) / 2
}
