/**
 * Renders synthetic grids (devkit/synth-grid.ts) and cuts their digits into the training cache:
 * `npx tsx training/digits/synth.ts [grids] [seed]` -> .cache/synth-SEED.bin.
 */
import { openCV, cellsFromCorners } from '../../datasets/wicht-cells'
import { rng } from '../../devkit/random'
import { syntheticGrid } from '../../devkit/synth-grid'
import { cachePath, SampleWriter } from './samples'

async function main(): Promise<void> {
  const grids = Number(process.argv[2] ?? 1200)
  const seed = Number(process.argv[3] ?? 1)
  const { cv } = await openCV()
  const r = rng(seed)
  const out = new SampleWriter()
  let missed = 0
  for (let g = 0; g < grids; g++) {
    const grid = await syntheticGrid(r)
    const cells = cellsFromCorners(cv, grid.photo, grid.corners)
    cells.forEach((c, cell) => {
      if (grid.truth[cell] && c) out.add(grid.truth[cell], g, cell, c.data)
      else if (grid.truth[cell]) missed++
    })
    // Saved as it goes, so a run cut short still leaves usable data.
    if (g % 25 === 24) {
      out.save(cachePath(`synth-${seed}.bin`))
      console.log(`${g + 1} grids, ${out.count} digits`)
    }
  }
  out.save(cachePath(`synth-${seed}.bin`))
  console.log(`synthetic: ${out.count} digits from ${grids} grids (${missed} not found by cells.ts)`)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().then(
    () => process.exit(0),
    (e) => (console.error(e), process.exit(1)),
  )
}
