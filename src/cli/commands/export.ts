/**
 * `sudoku-lens export <image> --out solved.png [--mode clean|overlay]`: reads the puzzle in a
 * photo (a page in progress too: printed givens, pen digits and pencil marks told apart, as the
 * app reads it), solves it and writes a PNG, drawn with the same SVG layouts as the app:
 * - clean: the grid alone, givens in ink, the pen digits as the person's and the solution in green
 *   in the rest (cleanGridSvg);
 * - overlay: the photo with the solution digits drawn in perspective where the paper holds no
 *   digit, smaller among pencil marks (placeSolution). Each digit is SVG text under the affine
 *   transform that matches the grid's homography at that cell's centre (its Jacobian), so it is
 *   scaled, rotated and sheared like the printed digits around it; sharp (librsvg) renders the
 *   SVG and composites it over the photo.
 */
import { writeFile } from 'node:fs/promises'
import sharp from 'sharp'
import { cleanGridSvg } from '../../shared/render/clean-grid'
import { type PaperInk, overlaySvg, paperInkOf, placeSolution } from '../../shared/render/solution-layout'
import type { Grid } from '../../shared/sudoku/board'
import { gridToDigits } from '../../shared/sudoku/format'
import { analyse } from '../../shared/sudoku/validate'
import type { Corners } from '../../shared/vision/core/image'
import { InputError, UsageError, choiceOption, defineCommand, integerOption, parseCommand } from '../args'
import { decodeImage } from '../../node/reader/decode-image'
import { oneLine } from '../output'
import { createNodeReader } from '../../node/reader/reader'
import { readSudoku } from '../../shared/vision/read'
import type { RgbaImage } from '../../shared/vision/core/image'

export type ExportMode = 'clean' | 'overlay'
const MODES: readonly ExportMode[] = ['clean', 'overlay']

export const spec = defineCommand({
  name: 'export',
  usage: 'export <image> --out solved.png [--mode clean|overlay] [--size N] [--json]',
  about: [
    'Reads the puzzle in a photo, solves it and writes a PNG: the clean grid with the solution in',
    'green, or the photo with the solution drawn where the paper holds no digit (smaller among',
    "pencil marks). Digits written in pen are the person's, not part of the puzzle. Exit code 0,",
    'or 1 when the image cannot be read, holds no grid, or the puzzle read has no single solution.',
  ].join('\n'),
  options: {
    out: { type: 'string', value: 'FILE', help: 'the PNG to write (required)' },
    mode: { type: 'string', value: 'MODE', help: 'clean (default) or overlay' },
    size: { type: 'string', value: 'N', help: 'side of the clean grid in pixels, 90 to 8000 (default 900)' },
    json: { type: 'boolean', help: 'report file, out, mode, grid, entries, solution and corners as JSON' },
  },
  positionals: { min: 1, max: 1, name: 'an image' },
})

export interface ExportInput {
  readonly mode: ExportMode
  /** The photo file (overlay mode draws on it). */
  readonly photo: string
  readonly corners: Corners
  readonly givens: Grid
  /** The digits written in pen (0 elsewhere): drawn as the person's in the clean grid. */
  readonly entries?: Grid
  /** What the paper holds, for the overlay: by default the givens alone. */
  readonly paper?: PaperInk
  readonly solution: Grid
  /** Side of the clean grid in pixels. */
  readonly size?: number
}

/** The PNG bytes for an export. */
export async function renderExport({ mode, photo, corners, givens, entries, paper = { digits: givens }, solution, size = 900 }: ExportInput): Promise<Buffer> {
  if (mode === 'clean') {
    const player = entries ? { entries, written: Uint8Array.from(entries, (d) => (d ? 1 : 0)) } : null
    return sharp(Buffer.from(cleanGridSvg({ givens, player, solution, size })))
      .png()
      .toBuffer()
  }
  // rotate() applies EXIF orientation, as the reader's decoder does, so the corners match.
  const base = sharp(photo).rotate()
  const { width, height } = await sharp(await base.clone().toBuffer()).metadata()
  if (!width || !height) throw new Error(`Cannot read the size of ${photo}`)
  const svg = overlaySvg(width, height, placeSolution(corners, paper, solution))
  return base
    .composite([{ input: Buffer.from(svg), top: 0, left: 0 }])
    .png()
    .toBuffer()
}

/** Reads the photo with the reader as `sudoku-lens read` does (same voters and cell judge); null when no grid. */
async function readPhoto(image: RgbaImage): Promise<{ grid: Grid; entries: Grid; paper: PaperInk; corners: Corners } | null> {
  const reader = await createNodeReader()
  try {
    const result = await readSudoku(reader.cv, image, { voters: reader.voters, judge: reader.judge ?? undefined })
    return result.ok ? { grid: result.grid, entries: result.paper.entries, paper: paperInkOf(result.paper.cells), corners: result.corners } : null
  } finally {
    await reader.close()
  }
}

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommand(spec, args)
  if (!parsed) return 0
  const { values } = parsed
  if (values.out === undefined) throw new UsageError(`give --out FILE. Usage: sudoku-lens ${spec.usage}`)
  const out = values.out
  const mode = choiceOption(values.mode, 'mode', MODES, 'clean')
  const size = integerOption(values.size, 'size', 900, 90, 8000)

  const photo = parsed.positionals[0]
  const reading = await readPhoto(await decodeImage(photo))
  if (!reading) {
    process.stderr.write(`sudoku-lens export: ${oneLine(`${photo}: no Sudoku grid found`)}\n`)
    return 1
  }
  const analysis = analyse(reading.grid)
  if (analysis.status !== 'unique' || !analysis.solution) {
    process.stderr.write(`sudoku-lens export: ${oneLine(`${photo}: read ${gridToDigits(reading.grid)}, which ${analysis.summary.toLowerCase()}`)}\n`)
    return 1
  }
  const { corners, grid: givens, entries, paper } = reading
  const png = await renderExport({ mode, photo, corners, givens, entries, paper, solution: analysis.solution, size })
  try {
    await writeFile(out, png)
  } catch (error) {
    throw new InputError(`cannot write ${out}: ${(error as Error).message}`)
  }
  // Corners as `read --json` gives them: [[x, y], ...] TL, TR, BR, BL.
  const report = {
    file: photo,
    out,
    mode,
    grid: gridToDigits(reading.grid),
    entries: gridToDigits(reading.entries),
    solution: gridToDigits(analysis.solution),
    corners: reading.corners.map((p) => [p.x, p.y]),
  }
  process.stdout.write(values.json ? `${JSON.stringify(report)}\n` : `${out}: ${mode} export of ${photo} (puzzle ${report.grid})\n`)
  return 0
}
