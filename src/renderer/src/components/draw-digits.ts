/** Canvas drawing shared by the live AR overlay and the AR export: same layout as the CLI's SVG. */
import { type PlacedDigit, COLOURS, DIGIT_BASELINE, DIGIT_FONT_FAMILY, DIGIT_FONT_SIZE } from '../../../shared/render/solution-layout'
import type { Corners } from '../../../shared/vision/image'

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D

/**
 * `mirrored`: the canvas is shown flipped (mirrored preview), so each glyph is flipped about its
 * own centre to read the right way round while staying in its cell.
 */
export function drawPlacedDigits(context: Context2D, placed: readonly PlacedDigit[], colour: string = COLOURS.overlay, mirrored = false): void {
  context.save()
  context.fillStyle = colour
  context.textAlign = 'center'
  context.textBaseline = 'alphabetic'
  context.font = `600 ${DIGIT_FONT_SIZE}px ${DIGIT_FONT_FAMILY}`
  for (const { digit, transform } of placed) {
    const [a, b, c, d, e, f] = transform
    if (mirrored) context.setTransform(-a, -b, c, d, e, f)
    else context.setTransform(a, b, c, d, e, f)
    context.fillText(String(digit), 0, DIGIT_BASELINE)
  }
  context.restore()
}

export function drawOutline(context: Context2D, corners: Corners, colour: string, width: number): void {
  context.save()
  context.strokeStyle = colour
  context.lineWidth = width
  context.lineJoin = 'round'
  context.beginPath()
  corners.forEach((p, i) => (i ? context.lineTo(p.x, p.y) : context.moveTo(p.x, p.y)))
  context.closePath()
  context.stroke()
  context.restore()
}

export function drawFiducials(context: Context2D, fiducials: readonly { x: number; y: number; r: number }[], colour: string, width: number): void {
  context.save()
  context.strokeStyle = colour
  context.lineWidth = width
  for (const { x, y, r } of fiducials) {
    context.beginPath()
    context.arc(x, y, r, 0, 2 * Math.PI)
    context.stroke()
  }
  context.restore()
}
