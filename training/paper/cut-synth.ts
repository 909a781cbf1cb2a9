/**
 * Synthetic training cells: the pages synth_pages.py rendered, decoded as the CLI does and cut
 * through cut.ts from their true corners moved like a detector's (jitterCorners, 1%).
 *
 *   npx tsx training/paper/cut-synth.ts synth-1    -> .cache/train-paper/synth-1.*
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { decodeImage } from '../../src/node/reader/decode-image'
import { loadOpenCV } from '../../src/shared/vision/core/opencv'
import { toGray } from '../../src/shared/vision/core/gray'
import type { Corners } from '../../src/shared/vision/core/image'
import { cutPage, jitterCorners, rng } from './cut'
import { CACHE_DIR, KIND, SampleWriter, SOURCE } from './samples'

interface RenderedPage {
  readonly jpg: string
  readonly corners: [number, number][]
  readonly kinds: number[]
  readonly digits: number[]
  readonly marks: number[]
}

/** Corner error of every synthetic cut, as a fraction of the grid side (as cut-real.ts). */
const JITTER = 0.01

async function main(): Promise<void> {
  const name = process.argv[2]
  if (!name) throw new Error('usage: cut-synth.ts DIR (under .cache/train-paper)')
  const dir = join(CACHE_DIR, name)
  const { pages } = JSON.parse(readFileSync(join(dir, 'pages.json'), 'utf8')) as { pages: RenderedPage[] }
  const cv = await loadOpenCV()
  const r = rng(name.length * 7919 + Number(name.replace(/\D/g, '') || 0))
  const out = new SampleWriter()
  for (const [page, p] of pages.entries()) {
    const gray = toGray(await decodeImage(join(dir, p.jpg)))
    const corners = jitterCorners(p.corners.map(([x, y]) => ({ x, y })) as unknown as Corners, JITTER, r)
    const { patches, cells } = cutPage(cv, gray, corners)
    patches.forEach((patch, cell) => {
      const kind = p.kinds[cell]
      const digit = kind === KIND.given || kind === KIND.entry ? p.digits[cell] : 0
      out.add(
        { source: SOURCE.synth, page, fold: -1, cell, kind, digit, jitter: 1, marks: p.marks[cell] },
        patch.data,
        digit ? cells.cells[cell].image.data : undefined,
      )
    })
    if (page % 100 === 99) console.log(`${page + 1}/${pages.length} pages`)
  }
  out.save(name)
  console.log(`${name}: ${out.count} cells from ${pages.length} pages`)
}

main().then(
  () => process.exit(0),
  (e) => (console.error(e), process.exit(1)),
)
