/**
 * Cuts the given digits out of the shared training photos (datasets/wicht-cells.ts) into the
 * training cache: `npx tsx training/digits/photo-cells.ts` -> .cache/real.bin.
 */
import { openCV, photoCells } from '../../datasets/wicht-cells'
import { loadPhotos } from '../../datasets/wicht-folds'
import { cachePath, SampleWriter } from './samples'

async function main(): Promise<void> {
  const { cv } = await openCV()
  const photos = loadPhotos()
  const out = new SampleWriter()
  let missed = 0,
    extra = 0
  for (const [index, photo] of photos.entries()) {
    if (!photo.corners) continue
    const { images } = await photoCells(cv, photo)
    images.forEach((img, cell) => {
      const digit = photo.truth[cell]
      if (digit && img) out.add(digit, index, cell, img.data)
      else if (digit) missed++
      else if (img) extra++
    })
  }
  out.save(cachePath('real.bin'))
  console.log(`real cells: ${out.count} given digits saved; cells.ts missed ${missed} givens and marked ${extra} empty cells filled`)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().then(
    () => process.exit(0),
    (e) => (console.error(e), process.exit(1)),
  )
}
