/**
 * Renders the puzzle to PNG in the renderer (clean grid, or the photo with the solution drawn in
 * perspective) and hands it to a destination: save, clipboard or print.
 */
import { CLEAN_GRID_SIZE, type CleanGridOptions, cleanGridSvg } from '../../../shared/render/clean-grid'
import { type PaperInk, placeSolution } from '../../../shared/render/solution-layout'
import type { Grid } from '../../../shared/sudoku/board'
import type { Corners } from '../../../shared/vision/core/image'
import { host } from '../host'
import { drawPlacedDigits } from './draw-digits'

/** The clean grid: the shared SVG drawn onto a canvas (so app and CLI draw the same picture). */
export async function cleanGridPng(board: CleanGridOptions): Promise<Blob> {
  const size = board.size ?? CLEAN_GRID_SIZE
  const svg = new Blob([cleanGridSvg({ ...board, size })], { type: 'image/svg+xml' })
  const url = URL.createObjectURL(svg)
  try {
    const image = new Image()
    image.src = url
    await image.decode()
    const canvas = new OffscreenCanvas(size, size)
    const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D
    context.drawImage(image, 0, 0, size, size)
    return await canvas.convertToBlob({ type: 'image/png' })
  } finally {
    URL.revokeObjectURL(url)
  }
}

/** The photo at full size with the solution digits drawn in perspective where the paper holds no digit (placeSolution). */
export async function overlayPng(photo: ImageBitmap, corners: Corners, paper: PaperInk, solution: Grid): Promise<Blob> {
  const canvas = new OffscreenCanvas(photo.width, photo.height)
  const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D
  context.drawImage(photo, 0, 0)
  drawPlacedDigits(context, placeSolution(corners, paper, solution))
  return canvas.convertToBlob({ type: 'image/png' })
}

/**
 * Saves an exported image. The one place that picks the transport: web mode downloads; the
 * desktop app will use a native save dialog once main offers an image channel (until then it
 * downloads too, which Electron turns into a save dialog).
 */
export async function saveImage(blob: Blob, name: string): Promise<boolean> {
  return host.saveFile({ name, data: new Uint8Array(await blob.arrayBuffer()) }, blob.type)
}

export async function copyImage(blob: Blob): Promise<void> {
  await navigator.clipboard.write([new ClipboardItem({ [blob.type]: blob })])
}

/** Prints just the image: a print-only element is added, printed and removed. */
export async function printImage(blob: Blob): Promise<void> {
  const url = URL.createObjectURL(blob)
  const sheet = document.createElement('div')
  sheet.className = 'print-sheet'
  const image = document.createElement('img')
  image.src = url
  image.alt = 'Sudoku'
  sheet.append(image)
  document.body.append(sheet)
  try {
    await image.decode()
    window.print()
  } finally {
    sheet.remove()
    URL.revokeObjectURL(url)
  }
}
