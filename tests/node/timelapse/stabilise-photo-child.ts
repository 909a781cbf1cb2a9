/**
 * Runs in its own Node process (OpenCV's module cannot be imported inside vitest, see helpers.ts):
 * the app's sheet locator (the real grid detector) and the stabiliser on a real photo moved by known
 * amounts. Prints one JSON line. Photo: B. Wicht's sudoku_dataset (CC-BY-4.0; Wicht & Hennebert,
 * "Camera-based Sudoku recognition with Deep Belief Network", SoCPaR 2014).
 */
import sharp from 'sharp'
import { decodeJpeg } from '../../../src/node/timelapse/jpeg'
import { loadSheetLocator } from '../../../src/node/timelapse/locate'
import { Stabiliser } from '../../../src/node/timelapse/stabilise'

const [photo, shiftsJson] = process.argv.slice(2)
const shifts = JSON.parse(shiftsJson) as [number, number][]
const { cv, locate } = await loadSheetLocator()
const { width, height } = await sharp(photo).metadata()
const PAD = 40
const padded = await sharp(photo).extend({ top: PAD, bottom: PAD, left: PAD, right: PAD, extendWith: 'copy' }).png().toBuffer()
const stabiliser = new Stabiliser(cv, locate)
const differences: number[] = []
const before: number[] = []
let reference: Uint8Array | undefined
for (const [dx, dy] of shifts) {
  // The sheet moved by (dx, dy): cut the window the camera would see.
  const shot = await sharp(padded)
    .extract({ left: PAD - dx, top: PAD - dy, width: width, height: height })
    .jpeg({ quality: 92 })
    .toBuffer()
  const input = await decodeJpeg(shot)
  const { image } = await stabiliser.next(input)
  reference ??= image.data as Uint8Array
  // Mean grey difference to the first frame over the middle of the picture (where the sheet is).
  const diff = (data: ArrayLike<number>) => {
    let sum = 0
    let n = 0
    for (let y = Math.round(height * 0.2); y < height * 0.8; y += 2)
      for (let x = Math.round(width * 0.2); x < width * 0.8; x += 2) {
        const i = (y * width + x) * 4
        sum += Math.abs(data[i] - reference![i])
        n++
      }
    return sum / n
  }
  differences.push(diff(image.data))
  before.push(diff(input.data))
}
process.stdout.write(`${JSON.stringify({ registered: stabiliser.registered, failed: stabiliser.failed, differences, before })}\n`)
