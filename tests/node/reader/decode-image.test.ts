/**
 * Node decoding: EXIF orientation applied, corrupt and oversized files refused with a clear error.
 * Photos from B. Wicht's sudoku_dataset (v2 train, CC-BY-4.0).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { expect, test } from 'vitest'
import { decodeImage, ImageDecodeError } from '../../../src/node/reader/decode-image'
import { WICHT_DIR } from '../../../datasets/wicht'

const DIR = WICHT_DIR

test('decodes to RGBA at full size', async () => {
  const image = await decodeImage(join(DIR, 'image1.jpg'))
  expect([image.width, image.height, image.data.length]).toEqual([640, 480, 640 * 480 * 4])
})

test('applies EXIF orientation (image1036 is stored 960×1280 with "rotate 90°")', async () => {
  const stored = await sharp(join(DIR, 'image1036.jpg')).metadata()
  expect([stored.width, stored.height, stored.orientation]).toEqual([960, 1280, 6])
  const image = await decodeImage(join(DIR, 'image1036.jpg'))
  expect([image.width, image.height]).toEqual([1280, 960])
})

test('refuses a truncated file with an ImageDecodeError naming it', async () => {
  const bytes = readFileSync(join(DIR, 'image1.jpg'))
  const cut = bytes.subarray(0, Math.floor(bytes.length / 2))
  await expect(decodeImage(cut)).rejects.toBeInstanceOf(ImageDecodeError)
  await expect(decodeImage(new Uint8Array([1, 2, 3, 4]))).rejects.toThrow(/Cannot read image/)
})

test('refuses images above the pixel limit before decoding them', async () => {
  await expect(decodeImage(join(DIR, 'image1.jpg'), 100_000)).rejects.toThrow(/too large: 640×480/)
})
