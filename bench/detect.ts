/**
 * Grid detection over Wicht's photos (v2 train split, CC-BY-4.0; B. Wicht, J. Hennebert,
 * "Camera-based Sudoku recognition with Deep Belief Network", SoCPaR 2014): grids found, corner
 * error against the contributed outlines.csv, and time per stage.
 *
 *   npm run bench:detect [-- --dir DIR] [--only image12,image13] [--verbose]
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { decodeImage } from '../src/cli/decode-image'
import { loadOpenCV } from '../src/shared/vision/cv'
import { distance } from '../src/shared/vision/geometry'
import { detectFiducials, poseFromFiducials } from '../src/shared/vision/fiducials'
import { grayScales } from '../src/shared/vision/gray'
import { detectGrid } from '../src/shared/vision/grid'
import { gridLattice, warpGrid } from '../src/shared/vision/warp'
import { WICHT_DIR, readOutlines } from './wicht'

const args = process.argv.slice(2)
const opt = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? args[i + 1] : undefined
}
const dir = opt('dir') ?? WICHT_DIR
const only = opt('only')?.split(',')
const verbose = args.includes('--verbose')


const pct = (xs: number[], q: number): number => {
  if (xs.length === 0) return NaN
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]
}
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length
const f1 = (v: number): string => v.toFixed(1)

async function main(): Promise<void> {
  const cv = await loadOpenCV()
  const outlines = readOutlines(dir)
  const names = readdirSync(dir)
    .filter((f) => f.endsWith('.jpg'))
    .map((f) => f.slice(0, -4))
    .filter((n) => !only || only.includes(n))
    .sort((a, b) => Number(a.slice(5)) - Number(b.slice(5)))
  const times: Record<string, number[]> = { decode: [], scales: [], detect: [], warp: [], lattice: [], fiducials: [] }
  // These photos carry no fiducial sheet: any pose found on them is a false positive.
  let falsePoses = 0
  const errPx: number[] = []
  const errNorm: number[] = []
  const missed: string[] = []
  const worst: { name: string; px: number; norm: number }[] = []
  const methods: Record<string, number> = {}
  const heap = (): number => (cv as unknown as { HEAPU8: Uint8Array }).HEAPU8.length
  const heapBefore = heap()
  for (const name of names) {
    let t = performance.now()
    const image = await decodeImage(join(dir, `${name}.jpg`))
    times.decode.push(performance.now() - t)
    // Grey at full size and at the detectors' working sizes, once (gray.ts); every step reads them.
    t = performance.now()
    const scales = grayScales(image)
    times.scales.push(performance.now() - t)
    t = performance.now()
    const found = detectGrid(cv, scales)
    times.detect.push(performance.now() - t)
    t = performance.now()
    const pose = poseFromFiducials(detectFiducials(cv, scales))
    if (pose) falsePoses++
    if (pose && verbose) console.log(`${name}: false ${pose.from}-circle pose`)
    times.fiducials.push(performance.now() - t)
    if (!found) {
      missed.push(name)
      if (verbose) console.log(`${name}: no grid`)
      continue
    }
    methods[found.method] = (methods[found.method] ?? 0) + 1
    t = performance.now()
    const warped = warpGrid(cv, scales.full, found.corners)
    times.warp.push(performance.now() - t)
    t = performance.now()
    gridLattice(warped)
    times.lattice.push(performance.now() - t)
    const truth = outlines.get(name)
    if (truth) {
      const px = mean(found.corners.map((p, i) => distance(p, truth[i])))
      const side = mean([0, 1, 2, 3].map((i) => distance(truth[i], truth[(i + 1) % 4])))
      errPx.push(px)
      errNorm.push((100 * px) / side)
      worst.push({ name, px, norm: (100 * px) / side })
    }
    if (verbose) console.log(`${name}: ${found.method} score ${found.score.toFixed(2)} err ${worst.at(-1)?.name === name ? f1(worst.at(-1)!.px) : '-'}`)
  }
  const found = names.length - missed.length
  console.log(`photos ${names.length}, grids found ${found} (${f1((100 * found) / names.length)}%), methods ${JSON.stringify(methods)}`)
  if (missed.length) console.log(`missed: ${missed.join(' ')}`)
  console.log(
    `corner error over ${errPx.length} trusted outlines: px mean ${f1(mean(errPx))} median ${f1(pct(errPx, 0.5))} p90 ${f1(pct(errPx, 0.9))} max ${f1(Math.max(...errPx))}`,
  )
  console.log(
    `  as % of grid side: mean ${mean(errNorm).toFixed(2)} median ${pct(errNorm, 0.5).toFixed(2)} p90 ${pct(errNorm, 0.9).toFixed(2)} max ${Math.max(...errNorm).toFixed(2)}; within 1% of side: ${errNorm.filter((v) => v <= 1).length}, within 2%: ${errNorm.filter((v) => v <= 2).length}`,
  )
  worst.sort((a, b) => b.norm - a.norm)
  console.log(`worst: ${worst.slice(0, 8).map((w) => `${w.name} ${f1(w.px)} px (${w.norm.toFixed(1)}%)`).join(', ')}`)
  for (const [stage, xs] of Object.entries(times)) console.log(`ms ${stage}: median ${f1(pct(xs, 0.5))} p90 ${f1(pct(xs, 0.9))} max ${f1(Math.max(...xs))}`)
  console.log(`poses (2 or 4 circles) on photos without a fiducial sheet: ${falsePoses}`)
  console.log(`wasm heap ${heapBefore} -> ${heap()} bytes`)
}

await main()
