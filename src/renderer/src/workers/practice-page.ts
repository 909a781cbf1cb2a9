/**
 * A printed-looking Sudoku page, drawn in the vision worker and read once as the app opens, so the
 * user's first photo finds the reader's code compiled and its engines past their first call (a
 * cold first read takes over twice as long as the next; bench:first-read times it).
 */
import type { RgbaImage } from '../../../shared/vision/core/image'

/** Wikipedia's example Sudoku: any proper puzzle does; this one has digits in every box. */
const PRACTICE_GIVENS = '530070000600195000098000060800060003400803001700020006060000280000419005000080079'
/** About a phone photo's grid after scaling to the reader's working size. */
const PRACTICE_SIZE = 600
const MARGIN = 0.05
/** Printed digits fill about 70% of a cell's height. */
const DIGIT_SHARE = 0.7

export function practicePage(size = PRACTICE_SIZE): RgbaImage {
  const canvas = new OffscreenCanvas(size, size)
  const context = canvas.getContext('2d', { willReadFrequently: true })
  if (!context) throw new Error('no 2D canvas in this worker')
  context.fillStyle = '#fff'
  context.fillRect(0, 0, size, size)
  const margin = size * MARGIN
  const cell = (size - 2 * margin) / 9
  context.strokeStyle = '#000'
  for (let i = 0; i <= 9; i++) {
    const at = margin + i * cell
    context.lineWidth = i % 3 === 0 ? 4 : 1.5
    context.beginPath()
    context.moveTo(margin, at)
    context.lineTo(size - margin, at)
    context.moveTo(at, margin)
    context.lineTo(at, size - margin)
    context.stroke()
  }
  context.fillStyle = '#000'
  context.font = `${Math.round(cell * DIGIT_SHARE)}px sans-serif`
  context.textAlign = 'center'
  context.textBaseline = 'middle'
  for (let index = 0; index < 81; index++) {
    const digit = PRACTICE_GIVENS[index]
    if (digit !== '0') context.fillText(digit, margin + ((index % 9) + 0.5) * cell, margin + (Math.floor(index / 9) + 0.5) * cell)
  }
  const { data, width, height } = context.getImageData(0, 0, size, size)
  return { data, width, height }
}
