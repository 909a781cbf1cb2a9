/**
 * The wasm heap never shrinks, so a Mat leaked per frame ends a video session within minutes.
 * Reads the same photo (B. Wicht's sudoku_dataset, CC-BY-4.0) 200 times through detection,
 * fiducials and the warp, and checks that the heap neither grew nor moved its free space.
 */
import '../opencv-node'
import { join } from 'node:path'
import { beforeAll, expect, test } from 'vitest'
import { decodeImage } from '../../../../src/node/reader/decode-image'
import type { CV } from '../../../../src/shared/vision/core/cv'
import { loadOpenCV } from '../../../../src/shared/vision/core/opencv'
import { detectFiducials } from '../../../../src/shared/vision/grid/fiducials'
import { toGray } from '../../../../src/shared/vision/core/gray'
import { detectGrid } from '../../../../src/shared/vision/grid/find-grid'
import type { RgbaImage } from '../../../../src/shared/vision/core/image'
import { gridLattice, warpGrid } from '../../../../src/shared/vision/grid/warp'
import { WICHT_DIR } from '../../../../datasets/wicht'

const DIR = WICHT_DIR
let cv: CV
let image: RgbaImage

beforeAll(async () => {
  cv = await loadOpenCV()
  image = await decodeImage(join(DIR, 'image1.jpg'))
})

const heapBytes = (): number => (cv as unknown as { HEAPU8: Uint8Array }).HEAPU8.length

/** Where the allocator puts a fresh 1 MB Mat: the same address when nothing else is held. */
function probeAddress(): number {
  const m = new cv.Mat(1024, 1024, cv.CV_8UC1)
  const at = m.data.byteOffset
  m.delete()
  return at
}

function readOnce(): void {
  const found = detectGrid(cv, image)
  if (!found) throw new Error('grid expected')
  gridLattice(warpGrid(cv, toGray(image), found.corners))
  detectFiducials(cv, image)
}

test('200 reads of the same image leave the wasm heap as it was', () => {
  readOnce()
  const heap = heapBytes()
  const at = probeAddress()
  // Each read allocates well over 1 MB of Mats (a 900×900 warp alone is 0.8 MB), so 200 leaked
  // reads would exceed the 128 MB initial heap and force it to grow.
  for (let i = 0; i < 200; i++) readOnce()
  expect(heapBytes()).toBe(heap)
  expect(probeAddress()).toBe(at)
}, 300_000)
