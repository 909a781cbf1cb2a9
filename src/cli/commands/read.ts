/**
 * `sudoku-lens read <image>... [--json] [--debug DIR] [--no-rules] [--no-ocr]`: reads Sudoku
 * photos in one process (OpenCV and Tesseract start once). With --json, one JSON object per line:
 * file, grid (the printed givens, 81 chars, 0 elsewhere), entries (the written digits, likewise),
 * cells (81 of { kind, digit, marks, confidence }), mistakes, informed, confidence, corners,
 * fiducials/pose when found, repaired, ms; or file and error. Without it, the page as 9 lines.
 * --debug DIR writes, per image, the ink threshold, the outline drawn on the photo, the warped
 * grid and the cell crops as PNGs.
 */
import { mkdirSync } from 'node:fs'
import { basename, extname, join } from 'node:path'
import sharp, { type Sharp } from 'sharp'
import type { GrayImage, RgbaImage } from '../../shared/vision/core/image'
import { readSudoku } from '../../shared/vision/read'
import type { ReadSuccess } from '../../shared/vision/read-types'
import { UsageError, defineCommand, parseCommand } from '../args'
import { decodeImage } from '../../node/reader/decode-image'
import { oneLine } from '../output'
import { errorMessage } from '../../node/process-errors'
import { type NodeReader, createNodeReader } from '../../node/reader/reader'

export const spec = defineCommand({
  name: 'read',
  usage: 'read <image>... [--json] [--debug DIR] [--no-rules] [--no-ocr]',
  about: [
    'Reads Sudoku photos: the printed givens, your written entries and pencil marks, and the cells to',
    'check. One result per image; an image that cannot be read is reported and the others still read.',
    'Exit code 0 when every image was read, else 1.',
  ].join('\n'),
  options: {
    json: { type: 'boolean', help: 'one JSON object per image: file, grid, entries, cells, mistakes, confidence, corners, ms; or file and error' },
    debug: { type: 'string', value: 'DIR', help: 'write, per image, the threshold, outline, warped grid and cell crops as PNGs' },
    'no-rules': { type: 'boolean', help: 'do not let Sudoku rules decide doubtful givens' },
    'no-ocr': { type: 'boolean', help: 'read digits without Tesseract (the classifier and templates only)' },
  },
  positionals: { min: 1, max: Infinity, name: 'an image' },
})

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommand(spec, args)
  if (!parsed) return 0
  const files = parsed.positionals
  const json = parsed.values.json ?? false
  const debug = parsed.values.debug ?? null
  const rules = !parsed.values['no-rules']
  const ocr = !parsed.values['no-ocr']
  if (debug === '') throw new UsageError('--debug needs a folder')
  // Started on the first image that decodes: a bad file is answered without OpenCV and Tesseract.
  let reader: Promise<NodeReader> | undefined
  let failures = 0
  try {
    for (const file of files) {
      let line: Record<string, unknown>
      try {
        const image = await decodeImage(file)
        const { cv, voters, judge } = await (reader ??= createNodeReader({ tesseract: ocr }))
        const result = await readSudoku(cv, image, { voters, judge: judge ?? undefined, useRules: rules })
        if (result.ok) {
          line = describe(file, result)
          if (debug) await writeDebug(debug, file, image, result)
        } else {
          failures++
          line = { file, error: result.message, ms: result.ms }
        }
      } catch (e) {
        failures++
        line = { file, error: oneLine(errorMessage(e)) }
      }
      process.stdout.write(json ? `${JSON.stringify(line)}\n` : human(line))
    }
  } finally {
    await (await reader)?.close()
  }
  return failures ? 1 : 0
}

function describe(file: string, r: ReadSuccess): Record<string, unknown> {
  const round = (x: number): number => Math.round(x * 10) / 10
  const { paper } = r
  return {
    file,
    grid: Array.from(paper.givens).join(''),
    entries: Array.from(paper.entries).join(''),
    cells: paper.cells.map(({ kind, digit, marks, confidence }) => ({ kind, digit, marks, confidence })),
    mistakes: paper.mistakes,
    informed: paper.informed,
    confidence: r.confidence,
    corners: r.corners.map((p) => [round(p.x), round(p.y)]),
    ...(r.fiducials.length ? { fiducials: r.fiducials.map((c) => ({ x: round(c.x), y: round(c.y), r: round(c.r) })) } : {}),
    ...(r.pose
      ? {
          pose: {
            x: round(r.pose.x),
            y: round(r.pose.y),
            theta: Math.round(r.pose.theta * 1000) / 1000,
            scale: Math.round(r.pose.scale * 1000) / 1000,
            from: r.pose.from,
          },
        }
      : {}),
    repaired: r.repaired,
    solutions: r.solutions,
    ms: r.ms,
  }
}

/**
 * The page as 9 lines: printed givens as digits, written entries as `+d` (HoDoKu's mark for a
 * placed digit), pencil marks as `*`, empty cells as `.`; then the cells to check.
 */
function human(line: Record<string, unknown>): string {
  if (line.error) return `${String(line.file)}: ${line.error as string}\n`
  const cells = line.cells as { kind: string; digit: number }[]
  const shown = cells.map((c) => (c.kind === 'given' ? ` ${c.digit}` : c.kind === 'entry' ? `+${c.digit}` : c.kind === 'marks' ? ' *' : ' .'))
  const rows = Array.from({ length: 9 }, (_, r) => shown.slice(r * 9, r * 9 + 9).join(' '))
  const cellList = (key: string, label: string): string => {
    const list = line[key] as number[]
    return list.length ? `  ${label}: ${list.map((c) => `r${Math.floor(c / 9) + 1}c${(c % 9) + 1}`).join(', ')}` : ''
  }
  const notes = cellList('repaired', 'givens decided by the rules') + cellList('informed', 'entries settled by the solution') + cellList('mistakes', 'mistakes')
  return `${String(line.file)}: ${(line.ms as Record<string, number>).total} ms${notes}\n${rows.join('\n')}\n\n`
}

const png = (g: GrayImage): Sharp =>
  sharp(Buffer.from(g.data.buffer, g.data.byteOffset, g.data.length), { raw: { width: g.width, height: g.height, channels: 1 } }).png()

async function writeDebug(dir: string, file: string, image: RgbaImage, r: ReadSuccess): Promise<void> {
  const out = join(dir, basename(file, extname(file)))
  mkdirSync(join(out, 'cells'), { recursive: true })
  await png(r.ink).toFile(join(out, 'threshold.png'))
  await png(r.warped).toFile(join(out, 'warped.png'))
  const points = r.corners.map((p) => `${p.x},${p.y}`).join(' ')
  const stroke = Math.max(2, Math.round(Math.max(image.width, image.height) / 300))
  const circles = r.fiducials.map((c) => `<circle cx="${c.x}" cy="${c.y}" r="${c.r}" fill="none" stroke="#0080ff" stroke-width="${stroke}"/>`).join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${image.width}" height="${image.height}"><polygon points="${points}" fill="none" stroke="#ff0040" stroke-width="${stroke}"/>${circles}</svg>`
  await sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length), { raw: { width: image.width, height: image.height, channels: 4 } })
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toFile(join(out, 'outline.png'))
  await Promise.all(r.cells.flatMap((c, i) => (c.filled ? [png(c.image).toFile(join(out, 'cells', `r${Math.floor(i / 9) + 1}c${(i % 9) + 1}.png`))] : [])))
}
