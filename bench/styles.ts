/**
 * `npm run bench:styles [-- --per N] [--only NAME,...] [--seed S] [--save DIR] [--list]`: the shipped reader,
 * detection included, over print styles that the shared photos (B. Wicht's sudoku_dataset,
 * CC-BY-4.0; all newspaper Sudokus from a few papers) do not show: shaded boxes, coloured lines,
 * bold condensed and thin serif digits, dotted inner lines, two grids on a page, a screenshot, low
 * light. The issue's held-out photos come from other sources; this is the nearest offline check of
 * how far the reader generalises.
 *
 * Each puzzle (Sudoku Exchange bank, ../shared/data/puzzles, so the truth is the puzzle line) is
 * drawn as SVG on a page with a title and running text, on a desk; rasterised by sharp/librsvg;
 * turned and tilted a little (devkit/photo-views.ts); lit unevenly, blurred, noised and saved as
 * JPEG; then read by `readSudoku` with the voters of the CLI's reader (src/node/reader/reader.ts).
 * Everything random comes from one seed, so a run is repeatable.
 *
 * Per style: grids found, grids read with zero errors, cells right (all 81; a grid not found counts
 * as 81 empty cells, as in bench:read), median ms; then where the errors come from: detection (no
 * grid, or corners more than 5% of the side off), empty/filled, or the digit read. A run with the
 * defaults writes its section of bench/README.md. `--quick`: one puzzle per style.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { WRONG_GRID, cornerError } from '../devkit/corner-error'
import { FONT_FAMILIES } from '../devkit/synth-grid'
import { gaussian, rng } from '../devkit/random'
import { createNodeReader } from '../src/node/reader/reader'
import type { Grid } from '../src/shared/sudoku/board'
import type { CV } from '../src/shared/vision/core/cv'
import { readSudoku } from '../src/shared/vision/read'
import type { Corners, Point, RgbaImage } from '../src/shared/vision/core/image'
import { readPuzzles } from '../datasets/puzzles'
import { viewPhoto } from '../devkit/photo-views'
import { QUICK, measuredLine, writeReadmeSection } from '../devkit/readme-section'

const args = process.argv.slice(2)
const option = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined)
const per = Number(option('--per') ?? (QUICK ? 1 : 10))
const seed = Number(option('--seed') ?? 1)
const only = option('--only')?.split(',')
const saveDir = option('--save')
// Every grid, not only those with errors.
const listAll = args.includes('--list')

type Rand = () => number
const between = (r: Rand, a: number, b: number): number => a + (b - a) * r()
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]
const grey = (v: number): string => `rgb(${Math.round(v)},${Math.round(v)},${Math.round(v)})`

/** How one grid is printed. */
interface Look {
  /** Fill of box 0..8, or null for the paper. */
  readonly boxFill: (box: number) => string | null
  readonly thinColour: string
  readonly thickColour: string
  readonly thin: number
  readonly thick: number
  /** SVG stroke-dasharray of the inner (thin) lines, e.g. dotted. */
  readonly thinDash?: string
  readonly family: string
  readonly weight: string
  /** Digit height as a fraction of the cell (font size; digits are ~0.72 em tall). */
  readonly size: number
  readonly ink: string
}

/** How the page is photographed. */
interface Camera {
  /** Turned and tilted (degrees); null: a screenshot, seen straight on. */
  readonly view: { rotate: number; tilt: number } | null
  /** Mean brightness factor, and its linear change across the image. */
  readonly light: number
  readonly gradient: number
  readonly noise: number
  readonly blur: number
  /** JPEG quality; null: lossless (PNG), as a screenshot. */
  readonly jpeg: number | null
}

interface Style {
  readonly name: string
  readonly what: string
  readonly grids: 1 | 2
  readonly screen?: boolean
  look(r: Rand): Look
  camera(r: Rand): Camera
}

// Fonts outside the classifier's training set (synth.ts FONT_FAMILIES), or styles of them it never saw.
const CONDENSED_BOLD = [
  'Roboto Condensed',
  'Open Sans Condensed',
  'Gillius ADF Cond',
  'Liberation Sans Narrow',
  'DejaVu Sans Condensed',
  'Universalis ADF Std Cond',
]
const THIN_SERIF: readonly [string, string][] = [
  ['EB Garamond', 'normal'],
  ['Linux Libertine Display O', 'normal'],
  ['LM Roman 17', 'normal'],
  ['Noto Serif Display', 'normal'],
  ['URW Bookman', '300'],
]
const SCREEN_FONTS = ['Roboto', 'Open Sans', 'Lato', 'Noto Sans', 'DejaVu Sans', 'Cantarell']

const plainLook = (r: Rand): Look => {
  const line = grey(between(r, 0, 60))
  const thin = between(r, 1.2, 2.5)
  return {
    boxFill: () => null,
    thinColour: line,
    thickColour: line,
    thin,
    thick: thin + between(r, 2, 4.5),
    family: pick(r, FONT_FAMILIES),
    weight: r() < 0.4 ? 'bold' : 'normal',
    size: between(r, 0.7, 0.85),
    ink: grey(between(r, 0, 40)),
  }
}

const photoCamera = (r: Rand): Camera => ({
  view: { rotate: between(r, -8, 8), tilt: (r() < 0.5 ? -1 : 1) * between(r, 4, 15) },
  light: between(r, 0.8, 1.0),
  gradient: between(r, 0.05, 0.25),
  noise: between(r, 2, 6),
  blur: between(r, 0.4, 1.0),
  jpeg: Math.round(between(r, 65, 90)),
})

const STYLES: Style[] = [
  { name: 'plain', what: "black lines, fonts of synth.ts (the classifier's training style)", grids: 1, look: plainLook, camera: photoCamera },
  {
    name: 'shaded-boxes',
    what: 'alternate 3x3 boxes shaded grey (puzzle books)',
    grids: 1,
    look: (r) => {
      const shade = grey(between(r, 185, 220))
      return { ...plainLook(r), boxFill: (b) => (b % 2 === 0 ? shade : null) }
    },
    camera: photoCamera,
  },
  {
    name: 'colour',
    what: 'light-blue shaded boxes, blue or red grid lines',
    grids: 1,
    look: (r) => {
      const red = r() < 0.5
      const line = red ? `rgb(${Math.round(between(r, 180, 220))},30,40)` : `rgb(20,${Math.round(between(r, 60, 110))},${Math.round(between(r, 170, 220))})`
      const tint = `rgb(${Math.round(between(r, 195, 215))},${Math.round(between(r, 220, 235))},250)`
      const odd = r() < 0.5
      return {
        ...plainLook(r),
        thinColour: line,
        thickColour: line,
        boxFill: (b) => (b % 2 === (odd ? 1 : 0) ? tint : null),
        ink: r() < 0.5 ? 'rgb(0,0,110)' : grey(20),
      }
    },
    camera: photoCamera,
  },
  {
    name: 'bold-condensed',
    what: 'digits in a bold condensed font (Roboto Condensed, Open Sans Condensed, Gillius Cond, ...)',
    grids: 1,
    look: (r) => ({ ...plainLook(r), family: pick(r, CONDENSED_BOLD), weight: 'bold', size: between(r, 0.8, 0.95) }),
    camera: photoCamera,
  },
  {
    name: 'thin-serif',
    what: 'digits in a light serif (EB Garamond, Libertine Display, LM Roman 17, Noto Serif Display, Bookman Light)',
    grids: 1,
    look: (r) => {
      const [family, weight] = pick(r, THIN_SERIF)
      return { ...plainLook(r), family, weight, ink: grey(between(r, 20, 70)) }
    },
    camera: photoCamera,
  },
  {
    name: 'faint-inner',
    what: 'inner lines dotted or very light grey, box lines solid',
    grids: 1,
    look: (r) => {
      const look = plainLook(r)
      return r() < 0.5
        ? { ...look, thin: between(r, 1.5, 2.5), thinDash: `${between(r, 1, 2).toFixed(1)} ${between(r, 4, 7).toFixed(1)}` }
        : { ...look, thin: between(r, 0.8, 1.5), thinColour: grey(between(r, 180, 210)) }
    },
    camera: photoCamera,
  },
  { name: 'two-grids', what: 'puzzle-book page with two grids side by side', grids: 2, look: plainLook, camera: photoCamera },
  {
    name: 'screenshot',
    what: 'app screenshot: pure white, 1 px grey inner lines, UI fonts, no camera (PNG)',
    grids: 1,
    screen: true,
    look: (r) => ({
      boxFill: () => null,
      thinColour: grey(between(r, 170, 210)),
      thickColour: grey(between(r, 30, 80)),
      thin: 1,
      thick: between(r, 2, 3),
      family: pick(r, SCREEN_FONTS),
      weight: r() < 0.5 ? 'normal' : '500',
      size: between(r, 0.55, 0.7),
      ink: grey(between(r, 20, 60)),
    }),
    camera: () => ({ view: null, light: 1, gradient: 0, noise: 0, blur: 0, jpeg: null }),
  },
  {
    name: 'low-light',
    what: 'plain print in dim light: dark, noisy, soft, stronger JPEG',
    grids: 1,
    look: plainLook,
    camera: (r) => ({
      ...photoCamera(r),
      light: between(r, 0.28, 0.42),
      gradient: between(r, 0.1, 0.3),
      noise: between(r, 8, 14),
      blur: between(r, 0.8, 1.4),
      jpeg: Math.round(between(r, 50, 70)),
    }),
  },
]

const unknown = only?.filter((name) => !STYLES.some((st) => st.name === name))
if (unknown?.length) throw new Error(`--only: no style ${unknown.join(', ')}; styles: ${STYLES.map((st) => st.name).join(', ')}`)

// ---------------------------------------------------------------- drawing (SVG units)

const WORDS =
  'the council said on tuesday that plans for a new bridge over river would be put to residents in spring after years of delay and rising costs while local traders welcomed news of weekend market opening hours'.split(
    ' ',
  )

/** Lines of running text in a column: what surrounds a grid in a paper or a book. */
function textColumn(r: Rand, x: number, y: number, width: number, lines: number, size: number): string {
  const out: string[] = []
  for (let l = 0; l < lines; l++) {
    let line = ''
    while (line.length < width / (size * 0.5)) line += `${pick(r, WORDS)} `
    out.push(
      `<text x="${x}" y="${(y + l * size * 1.3).toFixed(1)}" font-family="Liberation Serif" font-size="${size}" fill="${grey(40)}" textLength="${width}" lengthAdjust="spacingAndGlyphs">${line.trim()}</text>`,
    )
  }
  return out.join('')
}

function gridSvg(r: Rand, puzzle: Grid, look: Look, x0: number, y0: number, side: number): string {
  const cell = side / 9
  const parts: string[] = []
  for (let b = 0; b < 9; b++) {
    const fill = look.boxFill(b)
    if (fill)
      parts.push(`<rect x="${x0 + (b % 3) * 3 * cell}" y="${y0 + Math.floor(b / 3) * 3 * cell}" width="${3 * cell}" height="${3 * cell}" fill="${fill}"/>`)
  }
  // Thin lines first, so the box lines cover their ends.
  for (const thick of [false, true])
    for (let i = 0; i <= 9; i++) {
      if ((i % 3 === 0) !== thick) continue
      const at = x0 + i * cell
      const atY = y0 + i * cell
      const stroke = thick
        ? `stroke="${look.thickColour}" stroke-width="${look.thick}" stroke-linecap="square"`
        : `stroke="${look.thinColour}" stroke-width="${look.thin}"${look.thinDash ? ` stroke-dasharray="${look.thinDash}" stroke-linecap="round"` : ''}`
      parts.push(`<line x1="${at}" y1="${y0}" x2="${at}" y2="${y0 + side}" ${stroke}/>`)
      parts.push(`<line x1="${x0}" y1="${atY}" x2="${x0 + side}" y2="${atY}" ${stroke}/>`)
    }
  for (let c = 0; c < 81; c++) {
    if (!puzzle[c]) continue
    const s = look.size * cell
    const x = x0 + (c % 9) * cell + cell / 2 + between(r, -0.02, 0.02) * cell
    const y = y0 + Math.floor(c / 9) * cell + cell / 2 + s * 0.36
    parts.push(
      `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" font-family="${look.family}" font-weight="${look.weight}" font-size="${s.toFixed(1)}" text-anchor="middle" fill="${look.ink}">${puzzle[c]}</text>`,
    )
  }
  return parts.join('')
}

interface Page {
  readonly svg: string
  readonly width: number
  readonly height: number
  /** Each grid's outer square in SVG units: top-left corner and side. */
  readonly grids: { x: number; y: number; side: number }[]
  /** The digits' font and any unusual inner lines, in words, for the notes. */
  readonly font: string
}

/** The font, and the inner lines where they are not plain, for the list of failures. */
function describeLook(look: Look): string {
  const inner = look.thinDash ? ', dotted inner lines' : look.thinColour !== look.thickColour ? `, inner lines ${look.thinColour}` : ''
  return `${look.family} ${look.weight}${inner}`
}

function drawPage(r: Rand, style: Style, puzzles: Grid[]): Page {
  const look = style.look(r)
  if (style.screen) {
    // An app window: title bar, a side panel of buttons, the grid.
    const [w, h, side] = [1280, 800, 540]
    const g = { x: 380, y: 150, side }
    const buttons = ['New game', 'Check', 'Hint', 'Undo', 'Settings']
      .map(
        (label, i) =>
          `<rect x="${g.x + side + 60}" y="${g.y + i * 70}" width="200" height="48" rx="8" fill="${grey(238)}" stroke="${grey(200)}"/><text x="${g.x + side + 160}" y="${g.y + i * 70 + 31}" font-family="${look.family}" font-size="20" text-anchor="middle" fill="${grey(50)}">${label}</text>`,
      )
      .join('')
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="white"/><rect width="${w}" height="56" fill="${grey(246)}"/><text x="24" y="37" font-family="${look.family}" font-size="24" fill="${grey(30)}">Daily Sudoku</text><text x="${g.x}" y="${g.y - 24}" font-family="${look.family}" font-size="18" fill="${grey(90)}">Medium · 04:12</text>${buttons}${gridSvg(r, puzzles[0], look, g.x, g.y, side)}</svg>`
    return { svg, width: w, height: h, grids: [g], font: describeLook(look) }
  }
  const paper = style.name === 'low-light' ? between(r, 225, 245) : between(r, 232, 252)
  const desk = `rgb(${Math.round(between(r, 90, 150))},${Math.round(between(r, 75, 120))},${Math.round(between(r, 55, 95))})`
  const paperColour = `rgb(${Math.round(paper)},${Math.round(paper)},${Math.round(paper - between(r, 0, 10))})`
  const parts: string[] = []
  let w: number
  let h: number
  const grids: Page['grids'] = []
  if (style.grids === 2) {
    ;[w, h] = [1500, 1050]
    const side = 560
    grids.push({ x: 150, y: 230, side }, { x: 790, y: 230, side })
    parts.push(
      `<text x="${w / 2}" y="150" font-family="Liberation Serif" font-weight="bold" font-size="40" text-anchor="middle" fill="${grey(20)}">SUDOKU — Book 3</text>`,
    )
    grids.forEach((g, k) => {
      parts.push(
        `<text x="${g.x}" y="${g.y - 22}" font-family="Liberation Sans" font-weight="bold" font-size="24" fill="${grey(30)}">Puzzle ${41 + k} ${k ? '(tough)' : '(gentle)'}</text>`,
      )
      parts.push(gridSvg(r, puzzles[k], look, g.x, g.y, side))
    })
    parts.push(textColumn(r, 150, 860, 1200, 3, 18))
  } else {
    ;[w, h] = [1100, 1350]
    const side = between(r, 560, 640)
    const g = { x: 140 + between(r, -30, 30), y: 250, side }
    grids.push(g)
    parts.push(`<text x="${g.x}" y="200" font-family="Liberation Sans" font-weight="bold" font-size="44" fill="${grey(15)}">SUDOKU</text>`)
    parts.push(
      `<text x="${g.x + side}" y="200" font-family="Liberation Sans" font-size="22" text-anchor="end" fill="${grey(40)}">No. ${1000 + Math.floor(r() * 8999)} · Difficulty ★★★</text>`,
    )
    parts.push(textColumn(r, 90, 140, 900, 2, 16))
    parts.push(gridSvg(r, puzzles[0], look, g.x, g.y, side))
    parts.push(textColumn(r, 90, g.y + side + 60, 420, 9, 16))
    parts.push(textColumn(r, 560, g.y + side + 60, 420, 9, 16))
  }
  const inset = 50
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="${desk}"/><rect x="${inset}" y="${inset}" width="${w - 2 * inset}" height="${h - 2 * inset}" fill="${paperColour}"/>${parts.join('')}</svg>`
  return { svg, width: w, height: h, grids, font: describeLook(look) }
}

// ---------------------------------------------------------------- photographing

interface Photo {
  readonly image: RgbaImage
  /** Each grid's true corners in the photo (top-left, top-right, bottom-right, bottom-left). */
  readonly corners: Corners[]
  readonly encoded: Buffer
}

async function photograph(cv: CV, r: Rand, page: Page, camera: Camera, pixelsPerUnit: number): Promise<Photo> {
  const w = Math.round(page.width * pixelsPerUnit)
  const h = Math.round(page.height * pixelsPerUnit)
  const { data } = await sharp(Buffer.from(page.svg), { density: 72 * pixelsPerUnit })
    .resize(w, h, { fit: 'fill' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  let image: RgbaImage = { width: w, height: h, data: new Uint8Array(data.buffer, data.byteOffset, data.length) }
  let map = (p: Point): Point => p
  if (camera.view) {
    const viewed = viewPhoto(cv, image, camera.view)
    image = viewed.image
    map = viewed.map
  }
  const corners = page.grids.map(
    (g) =>
      [
        { x: g.x, y: g.y },
        { x: g.x + g.side, y: g.y },
        { x: g.x + g.side, y: g.y + g.side },
        { x: g.x, y: g.y + g.side },
      ].map((p) => map({ x: p.x * pixelsPerUnit, y: p.y * pixelsPerUnit })) as unknown as Corners,
  )
  if (camera.jpeg === null) {
    const encoded = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } })
      .png()
      .toBuffer()
    return { image, corners, encoded }
  }
  // Uneven light (a linear ramp in a random direction, a slightly warm lamp) and sensor noise.
  const px = Uint8Array.from(image.data)
  const angle = between(r, 0, 2 * Math.PI)
  const [dx, dy] = [Math.cos(angle), Math.sin(angle)]
  const tint = [1, between(r, 0.95, 1), between(r, 0.85, 0.97)]
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < image.width; x++) {
      const light = camera.light * (1 + camera.gradient * ((x / image.width - 0.5) * dx + (y / image.height - 0.5) * dy))
      const i = (y * image.width + x) * 4
      for (let c = 0; c < 3; c++) px[i + c] = Math.max(0, Math.min(255, Math.round(px[i + c] * light * tint[c] + camera.noise * gaussian(r))))
    }
  let img = sharp(px, { raw: { width: image.width, height: image.height, channels: 4 } })
  if (camera.blur >= 0.3) img = img.blur(camera.blur)
  const encoded = await img.removeAlpha().jpeg({ quality: camera.jpeg }).toBuffer()
  const decoded = await sharp(encoded).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return {
    image: { width: decoded.info.width, height: decoded.info.height, data: new Uint8Array(decoded.data.buffer, decoded.data.byteOffset, decoded.data.length) },
    corners,
    encoded,
  }
}

// ---------------------------------------------------------------- the run

const bank = ['easy', 'medium', 'hard'].flatMap((level) => readPuzzles(`${level}_puzzle_and_solution.txt`).map((e) => e.puzzle))
const reader = await createNodeReader()
if (saveDir) mkdirSync(saveDir, { recursive: true })

interface Outcome {
  readonly found: boolean
  readonly errors: number
  readonly cellsRight: number
  readonly ms: number
  /** Detection failed: no grid, or corners more than 5% of the side off. */
  readonly misplaced: boolean
  readonly missedGivens: number
  readonly falseFilled: number
  readonly misread: number
  /** two-grids: which grid the reader took (0 left, 1 right). */
  readonly picked?: number
  readonly note: string
}

const results = new Map<Style, Outcome[]>()
const started = Date.now()
for (const [s, style] of STYLES.entries()) {
  if (only && !only.includes(style.name)) continue
  // One stream per style, so adding a style or reading fewer of another leaves the rest unchanged.
  const r = rng(seed * 1000 + s)
  const outcomes: Outcome[] = []
  for (let k = 0; k < per; k++) {
    const puzzles = Array.from({ length: style.grids }, () => bank[Math.floor(r() * bank.length)])
    const page = drawPage(r, style, puzzles)
    // Grid 310-580 px across in the photo, as in phone photos from 640x480 up (280-390 px per grid
    // on the two-grid page); screenshots at 1:1.
    const pixelsPerUnit = style.screen ? 1 : style.grids === 2 ? between(r, 0.5, 0.7) : between(r, 0.55, 0.9)
    const photo = await photograph(reader.cv, r, page, style.camera(r), pixelsPerUnit)
    const name = `${style.name}-${k}`
    if (saveDir) writeFileSync(join(saveDir, `${name}.${style.screen ? 'png' : 'jpg'}`), photo.encoded)
    const result = await readSudoku(reader.cv, photo.image, { voters: reader.voters, judge: reader.judge ?? undefined })
    if (!result.ok) {
      // Read as 81 empty cells, as bench:read counts a photo without a grid.
      const cellsRight = puzzles[0].filter((d) => d === 0).length
      outcomes.push({
        found: false,
        errors: 81 - cellsRight,
        cellsRight,
        ms: result.ms.total,
        misplaced: true,
        missedGivens: 0,
        falseFilled: 0,
        misread: 0,
        note: `${name} (${page.font}): no grid`,
      })
      continue
    }
    const errs = photo.corners.map((c) => cornerError(result.corners, c, true))
    const picked = errs.indexOf(Math.min(...errs))
    const truth = puzzles[picked]
    let errors = 0
    let missedGivens = 0
    let falseFilled = 0
    let misread = 0
    for (let i = 0; i < 81; i++) {
      if (result.grid[i] === truth[i]) continue
      errors++
      if (truth[i] && !result.grid[i]) missedGivens++
      else if (!truth[i]) falseFilled++
      else misread++
    }
    const misplaced = errs[picked] > WRONG_GRID
    const wrong = [...truth.keys()]
      .filter((i) => result.grid[i] !== truth[i])
      .map((i) => `r${Math.floor(i / 9) + 1}c${(i % 9) + 1} ${truth[i]}->${result.grid[i]}`)
    outcomes.push({
      found: true,
      errors,
      cellsRight: 81 - errors,
      ms: result.ms.total,
      misplaced,
      missedGivens,
      falseFilled,
      misread,
      picked: style.grids === 2 ? picked : undefined,
      note: `${name} (${page.font}): corners ${(100 * errs[picked]).toFixed(1)}% off${style.grids === 2 ? ` (${picked ? 'right' : 'left'} grid)` : ''}, ${errors} wrong${wrong.length ? `: ${wrong.slice(0, 6).join(', ')}${wrong.length > 6 ? ', ...' : ''}` : ''}`,
    })
    process.stderr.write(`\r${style.name} ${k + 1}/${per}      `)
  }
  results.set(style, outcomes)
}
process.stderr.write('\n')
await reader.close()

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN
}
const pct = (a: number, b: number, digits = 1): string => (b ? ((100 * a) / b).toFixed(digits) : '-')
const sum = (os: Outcome[], f: (o: Outcome) => number): number => os.reduce((a, o) => a + f(o), 0)

const lines: string[] = []
const out = (s = ''): void => void lines.push(s)
out(
  `Seed ${seed}, ${per} puzzles per style (Sudoku Exchange bank); reader as the CLI builds it, voters: ${reader.voters.map((v) => v.name).join(', ')}; rules and fiducials on.`,
)
out()
out('| style | what is printed | grids found | zero errors | cells right | median ms |')
out('|---|---|---|---|---|---|')
const all: Outcome[] = []
for (const [style, os] of results) {
  all.push(...os)
  const zero = os.filter((o) => o.found && o.errors === 0).length
  out(
    `| ${style.name} | ${style.what} | ${os.filter((o) => o.found).length}/${os.length} | ${zero}/${os.length} | ${pct(
      sum(os, (o) => o.cellsRight),
      81 * os.length,
      2,
    )}% | ${median(os.map((o) => o.ms)).toFixed(0)} |`,
  )
}
out(
  `| **all** | | ${all.filter((o) => o.found).length}/${all.length} | ${all.filter((o) => o.found && o.errors === 0).length}/${all.length} | ${pct(
    sum(all, (o) => o.cellsRight),
    81 * all.length,
    2,
  )}% | ${median(all.map((o) => o.ms)).toFixed(0)} |`,
)
out()
out('Where the errors come from (cells, in grids whose corners are within 5%; detection counts grids):')
out()
out('| style | detection failed (no grid / >5% off) | givens missed | empty read as filled | digits misread |')
out('|---|---|---|---|---|')
for (const [style, os] of results) {
  const placed = os.filter((o) => !o.misplaced)
  out(
    `| ${style.name} | ${os.filter((o) => !o.found).length} / ${os.filter((o) => o.found && o.misplaced).length} | ${sum(placed, (o) => o.missedGivens)} | ${sum(placed, (o) => o.falseFilled)} | ${sum(placed, (o) => o.misread)} |`,
  )
}
const two = results.get(STYLES.find((s) => s.grids === 2)!)
if (two)
  out(
    `\nTwo grids on a page: the reader took the left grid ${two.filter((o) => o.picked === 0).length} times, the right ${two.filter((o) => o.picked === 1).length} times.`,
  )
out()
out(listAll ? 'Every grid:' : 'Grids with errors:')
for (const o of all) if (o.errors || listAll) out(`- ${o.note}`)
out()
out(`Wall time ${((Date.now() - started) / 1000).toFixed(0)} s.`)
console.log(lines.join('\n'))

if (process.argv.length <= 2) {
  writeReadmeSection(
    'Reading: print styles',
    [
      '`npm run bench:styles [-- --per N] [--seed S] [--only a,b] [--save DIR] [--list]` (bench/styles.ts): the reader as the CLI ' +
        'builds it (src/node/reader/reader.ts: Tesseract, classifier, templates, the cell judge; rules and fiducials on), **detection ' +
        "included**, over print styles that the 160 newspaper photos of B. Wicht's sudoku_dataset (CC-BY-4.0) do not show. Each " +
        'puzzle of the Sudoku Exchange bank (public domain; the puzzle line is the truth) is drawn as SVG on a page with a title and ' +
        'running text, on a desk, rasterised by sharp, turned up to ±8° and tilted 4-15° (devkit/photo-views.ts), lit unevenly, ' +
        'blurred, noised and saved as JPEG; the screenshot is a lossless app window seen straight on. Seeded: a run is repeatable on one ' +
        'machine, but the pages name fonts, and a missing one falls back to another, so the figures differ from machine to machine.',
      '',
      ...lines,
      '',
      measuredLine('npm run bench:styles'),
    ].join('\n'),
  )
}
