/**
 * Grid proposals from the grid's inside rather than its outline (a fallback of grid/find-grid.ts).
 *
 * Where the border merges with a panel edge, a column rule or a crossword, no outline fits, but the
 * boxes (or cells) are still closed holes of equal size on a regular lattice. A lattice grown from
 * a hole, with most of its n×n holes, ending where the grid ends, gives the grid through the
 * homography from lattice positions to hole centres. Plain data: the holes come from grid/contour.ts.
 */
import {
  applyHomography,
  distance,
  fitLine,
  homographyFromPoints,
  intersectLines,
  invertHomography,
  lineThrough,
  orderCorners,
  type Homography,
  type Line,
} from '../core/geometry'
import { median } from '../core/median'
import type { Corners, GrayImage, Point } from '../core/image'

/** A closed, roughly quadrilateral hole: a box or a cell of a grid, bounded by its lines. */
export interface Hole {
  readonly quad: Corners
  /** Where the diagonals cross: the projective centre, exact under perspective. */
  readonly centre: Point
  readonly area: number
}

/** Boxes, then cells: the two lattices of holes a Sudoku grid's lines enclose. */
const LATTICES = [3, 9] as const

/**
 * The areas a hole of an n×n lattice can have: a grid covers at least 2% of the image (as
 * `plausibleQuad` asks) and at most all of it; a hole is a little smaller than the pitch squared
 * because the lines take their share.
 */
function areaRange(imageArea: number, n: number): { smallest: number; largest: number } {
  return { smallest: (0.02 * imageArea * 0.5) / (n * n), largest: imageArea / (n * n) }
}

/** The areas worth collecting holes of, for any of the lattices. */
export function holeAreaRange(imageArea: number): { smallest: number; largest: number } {
  return { smallest: areaRange(imageArea, Math.max(...LATTICES)).smallest, largest: areaRange(imageArea, Math.min(...LATTICES)).largest }
}

/**
 * Outlines of the lattices of holes found among `holes`, boxes first. `mask` is the threshold
 * image (line pixels > 127) the holes came from; the border's width is measured in it.
 */
export function latticeQuads(holes: readonly Hole[], mask: GrayImage): Corners[] {
  const imageArea = mask.width * mask.height
  const quads: Corners[] = []
  for (const n of LATTICES) {
    const { smallest, largest } = areaRange(imageArea, n)
    // Largest first: a box lattice's seeds before stray smaller holes.
    const sized = holes.filter((h) => h.area >= smallest && h.area <= largest).sort((a, b) => b.area - a.area)
    // Holes already in a lattice (a grid or not, too small or not) seed no other: it would take in
    // the same neighbours, and a page of many closed cells would grow one lattice from each.
    const used = new Set<Hole>()
    for (const seed of sized) {
      if (used.has(seed)) continue
      const lattice = growLattice(seed, sized, n, mask)
      if (!lattice) continue
      for (const m of lattice.members) used.add(m)
      if (lattice.corners) quads.push(lattice.corners)
    }
  }
  return quads
}

/**
 * Grows a lattice from one hole: holes of similar area near a free position next to a member join,
 * and the homography is refitted after each pass (the first, from the seed alone, more loosely).
 * Null when the seed has no lattice; else the members, and the outline where it is a Sudoku's.
 */
function growLattice(seed: Hole, holes: readonly Hole[], n: number, mask: GrayImage): { members: Hole[]; corners: Corners | null } | null {
  const similar = holes.filter((h) => h !== seed && h.area >= seed.area / 2 && h.area <= seed.area * 2)
  let toImage = seedLattice(seed, similar)
  if (!toImage) return null
  const members = new Map<string, { hole: Hole; at: Point }>([['0,0', { hole: seed, at: { x: 0, y: 0 } }]])
  const placed = new Set<Hole>([seed])
  let box = { x0: 0, x1: 0, y0: 0, y1: 0 }
  let tol = 0.3
  // Grown without bounds, so that a bigger lattice is found whole, marked as seen, and refused.
  for (let pass = 0; pass < 4 * n; pass++) {
    const toLattice = invertHomography(toImage)
    if (!toLattice) return null
    // Members' size in the current lattice units: a neighbouring structure with another pitch
    // (a crossword beside the grid) may put a hole near a lattice position, but not this size.
    const sizes = [...members.values()].map((m) => sizeIn(toLattice, m.hole.quad))
    const size = { x: median(sizes.map((q) => q.x)), y: median(sizes.map((q) => q.y)) }
    let grew = false
    for (const h of similar) {
      if (placed.has(h)) continue
      const p = applyHomography(toLattice, h.centre)
      const i = Math.round(p.x)
      const j = Math.round(p.y)
      if (Math.abs(p.x - i) > tol || Math.abs(p.y - j) > tol || members.has(`${i},${j}`)) continue
      const own = sizeIn(toLattice, h.quad)
      if (Math.abs(own.x - size.x) > 0.15 * size.x || Math.abs(own.y - size.y) > 0.15 * size.y) continue
      if (!NEIGHBOURS.some(([di, dj]) => members.has(`${i + di},${j + dj}`))) continue
      members.set(`${i},${j}`, { hole: h, at: { x: i, y: j } })
      placed.add(h)
      box = { x0: Math.min(box.x0, i), x1: Math.max(box.x1, i), y0: Math.min(box.y0, j), y1: Math.max(box.y1, j) }
      grew = true
    }
    if (!grew) break
    const all = [...members.values()]
    toImage =
      homographyFromPoints(
        all.map((m) => m.at),
        all.map((m) => m.hole.centre),
      ) ?? toImage
    tol = 0.25
  }
  const all = [...members.values()]
  // Two thirds of the holes, spanning every row and column: a hand or a merged digit may close
  // a few, but a stray pair of rectangles is no lattice.
  const rejected = { members: all.map((m) => m.hole), corners: null }
  if (all.length < Math.ceil((2 * n * n) / 3)) return rejected
  // A Sudoku's lattice ends at its border: one that goes on (a crossword's cells, tiles, a
  // table) is no grid, though any n×n window of it would pass every test below.
  const { x0, y0 } = box
  if (box.x1 - x0 !== n - 1 || box.y1 - y0 !== n - 1) return rejected
  const fit = fitLattice(all)
  // Most holes the same size and each where the lattice puts it: a lattice stitched together from
  // cells, double cells and boxes by the loose tolerances above would fit neither.
  if (!fit || fit.whole.length < Math.ceil((2 * n * n) / 3)) return rejected
  for (const m of fit.whole) {
    const p = applyHomography(fit.back, m.hole.centre)
    if (Math.abs(p.x - m.at.x) > 0.15 || Math.abs(p.y - m.at.y) > 0.15) return rejected
  }
  return { members: rejected.members, corners: latticeOutline(fit, x0, y0, n, mask) }
}

interface LatticeFit {
  /** Lattice positions (hole centres at integers) to image pixels, and back. */
  readonly h: Homography
  readonly back: Homography
  /** The members whose holes have the common size, and that size in lattice units. */
  readonly whole: readonly { hole: Hole; at: Point }[]
  readonly size: Point
}

/**
 * A first lattice-to-image homography from one hole, the pitch measured to the nearest similar hole
 * along each axis: with thick lines and small cells a line's width is much of the pitch.
 */
function seedLattice(seed: Hole, similar: readonly Hole[]): Homography | null {
  const h = homographyFromPoints(UNIT_CELL, seed.quad)
  const back = h && invertHomography(h)
  if (!h || !back) return null
  let px = Infinity
  let py = Infinity
  for (const o of similar) {
    const p = applyHomography(back, o.centre)
    if (Math.abs(p.y) < 0.3 && Math.abs(p.x) > 0.9 && Math.abs(p.x) < 2) px = Math.min(px, Math.abs(p.x))
    if (Math.abs(p.x) < 0.3 && Math.abs(p.y) > 0.9 && Math.abs(p.y) < 2) py = Math.min(py, Math.abs(p.y))
  }
  if (px === Infinity) px = py
  if (py === Infinity) py = px
  if (px === Infinity) return h
  // Lattice units of one pitch: (x, y) ↦ h(px·x, py·y).
  return [h[0] * px, h[1] * py, h[2], h[3] * px, h[4] * py, h[5], h[6] * px, h[7] * py, h[8]]
}

/**
 * The lattice-to-image homography from the members' centres, leaving out holes of the wrong size:
 * a stray line or a pen stroke across a box cuts its hole short and pulls its centre away. Sizes
 * are compared in lattice units, so perspective, which makes near boxes bigger, does not count.
 */
function fitLattice(members: readonly { hole: Hole; at: Point }[]): LatticeFit | null {
  const first = homographyFromPoints(
    members.map((m) => m.at),
    members.map((m) => m.hole.centre),
  )
  const inv = first && invertHomography(first)
  if (!first || !inv) return null
  const sizes = members.map((m) => sizeIn(inv, m.hole.quad))
  const size = { x: median(sizes.map((s) => s.x)), y: median(sizes.map((s) => s.y)) }
  const whole = members.filter((_, k) => Math.abs(sizes[k].x - size.x) < 0.05 && Math.abs(sizes[k].y - size.y) < 0.05)
  const spread = new Set(whole.map((m) => m.at.x)).size >= 2 && new Set(whole.map((m) => m.at.y)).size >= 2
  if (whole.length === members.length || whole.length < 4 || !spread) return { h: first, back: inv, whole, size }
  const h = homographyFromPoints(
    whole.map((m) => m.at),
    whole.map((m) => m.hole.centre),
  )
  const back = h && invertHomography(h)
  return h && back ? { h, back, whole, size } : { h: first, back: inv, whole, size }
}

/**
 * The grid's outline: each outer line fitted to the outer sides of the whole holes along it (so
 * curved paper still gets its border where it is), then moved out across the border, measured in
 * the threshold image, to its outer edge as a contour has it. Too few holes: the homography's edge.
 */
function latticeOutline(fit: LatticeFit, x0: number, y0: number, n: number, mask: GrayImage): Corners {
  const { h, back, whole, size } = fit
  const middle = applyHomography(h, { x: x0 + (n - 1) / 2, y: y0 + (n - 1) / 2 })
  // A grid line is never wider than a third of a cell.
  const widest = (0.3 * (distance(applyHomography(h, { x: x0, y: y0 }), applyHomography(h, { x: x0 + n - 1, y: y0 })) / (n - 1)) * n) / 9
  // Per side: which holes line it, which two corners of their quads face out, and the lattice
  // axis along it; the edge of the lattice lies at `at` on the other axis.
  const sides = [
    { on: (p: Point) => p.y === y0, corners: [0, 1], along: 'x', at: y0 - 0.5, out: -(1 - size.y) / 2 },
    { on: (p: Point) => p.x === x0 + n - 1, corners: [1, 2], along: 'y', at: x0 + n - 0.5, out: (1 - size.x) / 2 },
    { on: (p: Point) => p.y === y0 + n - 1, corners: [2, 3], along: 'x', at: y0 + n - 0.5, out: (1 - size.y) / 2 },
    { on: (p: Point) => p.x === x0, corners: [3, 0], along: 'y', at: x0 - 0.5, out: -(1 - size.x) / 2 },
  ] as const
  type Edge = Line | { inner: Line; normal: Point; width: number }
  const edges = sides.map(({ on, corners, along, at, out }): Edge => {
    const flat = (v: number, w = at): Point => (along === 'x' ? { x: v, y: w } : { x: w, y: v })
    const pts = whole.filter((m) => on(m.at)).flatMap((m) => corners.map((k) => applyHomography(back, m.hole.quad[k])))
    const spanOf = (p: Point): number => (along === 'x' ? p.x : p.y)
    const enough = pts.length >= 4 && Math.max(...pts.map(spanOf)) - Math.min(...pts.map(spanOf)) >= n / 2
    // The inner edge of the border, in lattice units: fitted to the holes' outer sides, or where
    // the homography puts them when too few whole holes line this side.
    const fitted = (enough && fitLine(pts)) || { point: flat(0, at - out), direction: flat(1, 0) }
    const offAt = (v: number): number => {
      const d = along === 'x' ? fitted.direction : { x: fitted.direction.y, y: fitted.direction.x }
      const p = along === 'x' ? fitted.point : { x: fitted.point.y, y: fitted.point.x }
      return p.y + ((v - p.x) / (Math.abs(d.x) > 1e-9 ? d.x : 1e-9)) * d.y
    }
    // The inner edge in image pixels, then samples along it stepping outwards across the border.
    const first = along === 'x' ? x0 : y0
    const a = applyHomography(h, flat(first, offAt(first)))
    const b = applyHomography(h, flat(first + n - 1, offAt(first + n - 1)))
    const inner = lineThrough(a, b)
    let normal = { x: -inner.direction.y, y: inner.direction.x }
    if ((a.x - middle.x) * normal.x + (a.y - middle.y) * normal.y < 0) normal = { x: -normal.x, y: -normal.y }
    const runs: number[] = []
    for (let k = 0; k <= 24; k++) {
      const t = (k / 24) * distance(a, b)
      const end = borderRun(mask, { x: a.x + t * inner.direction.x, y: a.y + t * inner.direction.y }, normal, widest)
      if (end !== null) runs.push(end)
    }
    if (runs.length >= 8) return { inner, normal, width: median(runs) }
    // No clear border: half a line's width out from the holes, as between two of them.
    const shift = along === 'x' ? { x: 0, y: out } : { x: out, y: 0 }
    const c = { x: fitted.point.x + shift.x, y: fitted.point.y + shift.y }
    return lineThrough(applyHomography(h, c), applyHomography(h, { x: c.x + fitted.direction.x, y: c.y + fitted.direction.y }))
  })
  // A printed border is equally wide all round. Where a side measures wider, a panel edge or a
  // column rule lies against it and has merged with it in the threshold image.
  const widths = edges.flatMap((e) => ('width' in e ? [e.width] : []))
  const usual = widths.length >= 3 ? median(widths) : Infinity
  const lines = edges.map((e): Line => {
    if (!('width' in e)) return e
    const w = Math.min(e.width, WIDTH_SPREAD * usual)
    return { point: { x: e.inner.point.x + w * e.normal.x, y: e.inner.point.y + w * e.normal.y }, direction: e.inner.direction }
  })
  const corners = [0, 1, 2, 3].map((k) => intersectLines(lines[(k + 3) % 4], lines[k]))
  if (corners.some((p) => !p)) {
    const edge = [flatCorner(x0, y0), flatCorner(x0 + n, y0), flatCorner(x0 + n, y0 + n), flatCorner(x0, y0 + n)]
    return orderCorners(edge.map((p) => applyHomography(h, p)))
  }
  return orderCorners(corners as Point[])
}

/**
 * From a point on a grid line's inner edge, stepping along `normal`: where the run of line
 * (foreground) pixels that starts within 2 px ends, or null when there is none or it runs on past
 * `widest` (a panel or a blot rather than a line).
 */
function borderRun(mask: GrayImage, from: Point, normal: Point, widest: number): number | null {
  let started = false
  for (let s = -1; s <= widest + 2; s += 0.5) {
    const x = Math.round(from.x + s * normal.x)
    const y = Math.round(from.y + s * normal.y)
    if (x < 0 || y < 0 || x >= mask.width || y >= mask.height) return null
    const on = mask.data[y * mask.width + x] > 127
    if (!started) {
      if (on) started = true
      else if (s > 2) return null
    } else if (!on) return s > widest + 2 ? null : s
  }
  return null
}

/** How much wider than the others one side's border may look (perspective makes near sides wider). */
const WIDTH_SPREAD = 1.2

function flatCorner(x: number, y: number): Point {
  return { x: x - 0.5, y: y - 0.5 }
}

/** A hole's width and height in lattice units (pitches). */
function sizeIn(toLattice: Homography, quad: Corners): Point {
  const [a, b, c, d] = quad.map((p) => applyHomography(toLattice, p))
  return { x: (b.x + c.x - a.x - d.x) / 2, y: (c.y + d.y - a.y - b.y) / 2 }
}

/** The eight lattice positions around one. */
const NEIGHBOURS = [-1, 0, 1].flatMap((di) => [-1, 0, 1].filter((dj) => di !== 0 || dj !== 0).map((dj) => [di, dj] as const))

/** A lattice cell centred on the origin, one pitch wide, matching a quad's TL TR BR BL order. */
const UNIT_CELL: readonly Point[] = [
  { x: -0.5, y: -0.5 },
  { x: 0.5, y: -0.5 },
  { x: 0.5, y: 0.5 },
  { x: -0.5, y: 0.5 },
]
