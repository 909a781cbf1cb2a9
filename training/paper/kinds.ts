/**
 * The kind of every cell of the pen train photos (given, entry, marks, empty), from datasets/
 * (kubiesa-kinds.txt via listPenPhotos), for train.py: digit cells are given or entry there only.
 *
 *   npx tsx training/paper/kinds.ts    -> .cache/train-paper/pen-kinds.json
 *
 * Rows are in listPenPhotos('train') order, the `page` index of cut-real.ts's samples.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { CELL_KINDS } from '../../src/shared/vision/cell-reading'
import { listPenPhotos } from '../../datasets/kubiesa'
import { CACHE_DIR } from './samples'

const photos = listPenPhotos('train')
const kinds = photos.map((p) => {
  if (!p.kinds) throw new Error(`${p.name}: no kinds in datasets/kubiesa-kinds.txt`)
  return p.kinds.map((k) => CELL_KINDS.indexOf(k))
})
mkdirSync(CACHE_DIR, { recursive: true })
writeFileSync(join(CACHE_DIR, 'pen-kinds.json'), JSON.stringify({ source: 'datasets/kubiesa-kinds.txt', kinds }))
console.log(`kinds of ${photos.length} photos -> ${join(CACHE_DIR, 'pen-kinds.json')}`)
