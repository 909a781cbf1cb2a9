/**
 * Writes the printable fiducial sheet as SVG and PDF, for A4 and US Letter:
 *
 *   npx tsx resources/fiducial-sheet/make-sheet.ts
 *
 * The geometry comes from FIDUCIAL_SHEET (src/shared/vision/grid/fiducials.ts), the same constants the
 * decoder uses, so the files and the code cannot drift apart. The PDF is written by hand (circles
 * as four Bézier arcs, lines, one Helvetica title): no dependency beyond Node.
 */
import { writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { FIDUCIAL_SHEET } from '../../src/shared/vision/grid/fiducials'

interface Paper {
  readonly name: string
  readonly width: number
  readonly height: number
}

const PAPERS: Paper[] = [
  { name: 'a4', width: 210, height: 297 },
  { name: 'letter', width: 215.9, height: 279.4 },
]

/** Top-left circle centre on the page, mm: centred horizontally, 60 mm from the top. */
function origin(paper: Paper): { x: number; y: number } {
  const span = FIDUCIAL_SHEET.circles[1].x - FIDUCIAL_SHEET.circles[0].x
  return { x: (paper.width - span) / 2, y: 60 }
}

const THIN = 0.35
const THICK = 1.2
const TITLE = 'Sudoku Lens - fiducial sheet'
const NOTE = 'Print at 100% (no scaling). Write or paste the puzzle inside the grid; keep the four dots visible.'

interface Shapes {
  circles: { x: number; y: number; r: number }[]
  lines: { x1: number; y1: number; x2: number; y2: number; w: number }[]
}

function shapes(paper: Paper): Shapes {
  const o = origin(paper)
  const r = FIDUCIAL_SHEET.circleRadius
  const circles = FIDUCIAL_SHEET.circles.map((c) => ({ x: o.x + c.x, y: o.y + c.y, r }))
  const [tl, , br] = FIDUCIAL_SHEET.grid
  const x0 = o.x + tl.x
  const y0 = o.y + tl.y
  const cell = (br.x - tl.x) / 9
  const end = 9 * cell
  const lines: Shapes['lines'] = []
  for (let i = 0; i <= 9; i++) {
    const w = i % 3 === 0 ? THICK : THIN
    // The outer lines are inset by half their width so that the grid's OUTER edge is exactly
    // FIDUCIAL_SHEET.grid, the corner the detector reports. Butt caps, full length: corners are square.
    const at = i === 0 ? w / 2 : i === 9 ? end - w / 2 : i * cell
    lines.push({ x1: x0 + at, y1: y0, x2: x0 + at, y2: y0 + end, w })
    lines.push({ x1: x0, y1: y0 + at, x2: x0 + end, y2: y0 + at, w })
  }
  return { circles, lines }
}

const f = (v: number): string => Number(v.toFixed(3)).toString()

function svg(paper: Paper): string {
  const s = shapes(paper)
  const o = origin(paper)
  const parts = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${paper.width}mm" height="${paper.height}mm" viewBox="0 0 ${paper.width} ${paper.height}">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="${f(o.x)}" y="${f(o.y - 30)}" font-family="Helvetica, Arial, sans-serif" font-size="7">${TITLE}</text>`,
    `<text x="${f(o.x)}" y="${f(o.y - 20)}" font-family="Helvetica, Arial, sans-serif" font-size="3.5">${NOTE}</text>`,
    ...s.circles.map((c) => `<circle cx="${f(c.x)}" cy="${f(c.y)}" r="${f(c.r)}" fill="#000"/>`),
    ...s.lines.map((l) => `<line x1="${f(l.x1)}" y1="${f(l.y1)}" x2="${f(l.x2)}" y2="${f(l.y2)}" stroke="#000" stroke-width="${l.w}" stroke-linecap="butt"/>`),
    `</svg>`,
  ]
  return parts.join('\n') + '\n'
}

/** A one-page PDF; y is flipped (PDF's origin is bottom-left) and units are points. */
function pdf(paper: Paper): Buffer {
  const k = 72 / 25.4
  const H = paper.height
  const X = (mm: number): string => f(mm * k)
  const Y = (mm: number): string => f((H - mm) * k)
  const s = shapes(paper)
  const o = origin(paper)
  const ops: string[] = []
  ops.push('0 g')
  const bez = 0.5522847498
  for (const c of s.circles) {
    const { x, y, r } = c
    const m = r * bez
    ops.push(`${X(x + r)} ${Y(y)} m`)
    ops.push(`${X(x + r)} ${Y(y + m)} ${X(x + m)} ${Y(y + r)} ${X(x)} ${Y(y + r)} c`)
    ops.push(`${X(x - m)} ${Y(y + r)} ${X(x - r)} ${Y(y + m)} ${X(x - r)} ${Y(y)} c`)
    ops.push(`${X(x - r)} ${Y(y - m)} ${X(x - m)} ${Y(y - r)} ${X(x)} ${Y(y - r)} c`)
    ops.push(`${X(x + m)} ${Y(y - r)} ${X(x + r)} ${Y(y - m)} ${X(x + r)} ${Y(y)} c`)
    ops.push('f')
  }
  ops.push('0 G 0 J')
  for (const l of s.lines) ops.push(`${f(l.w * k)} w ${X(l.x1)} ${Y(l.y1)} m ${X(l.x2)} ${Y(l.y2)} l S`)
  ops.push(`BT /F1 ${f(7 * k)} Tf ${X(o.x)} ${Y(o.y - 30)} Td (${TITLE}) Tj ET`)
  ops.push(`BT /F1 ${f(3.5 * k)} Tf ${X(o.x)} ${Y(o.y - 20)} Td (${NOTE}) Tj ET`)
  const content = ops.join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${X(paper.width)} ${f(H * k)}] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>`,
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let out = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out))
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = Buffer.byteLength(out)
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(out, 'latin1')
}

const here = dirname(fileURLToPath(import.meta.url))
for (const paper of PAPERS) {
  writeFileSync(join(here, `fiducial-sheet-${paper.name}.svg`), svg(paper))
  writeFileSync(join(here, `fiducial-sheet-${paper.name}.pdf`), pdf(paper))
  console.log(`wrote fiducial-sheet-${paper.name}.svg/.pdf (top-left circle at ${JSON.stringify(origin(paper))} mm)`)
}
