/** Canvas drawing shared by the live AR overlay and the AR export: same layout as the CLI's SVG. */
import { type PlacedDigit, COLOURS, DIGIT_BASELINE, DIGIT_FONT_FAMILY, DIGIT_FONT_SIZE } from '../../../shared/render/solution-layout'
import type { OverlayLayout } from '../../../shared/render/paper-overlay'
import type { Corners } from '../../../shared/vision/core/image'

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D

/** The live overlay's colours beside the solution's magenta: see-through blue, strong red. */
const OVERLAY_COLOURS = { highlight: 'rgba(30, 136, 229, 0.3)', mistake: '#e53935', removed: '#e53935' } as const

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

/** Tints or rings cells given as quads in image pixels. */
function drawQuads(context: Context2D, quads: readonly Corners[], style: { fill?: string; stroke?: string; width?: number }): void {
  context.save()
  for (const quad of quads) {
    context.beginPath()
    quad.forEach((p, i) => (i ? context.lineTo(p.x, p.y) : context.moveTo(p.x, p.y)))
    context.closePath()
    if (style.fill) {
      context.fillStyle = style.fill
      context.fill()
    }
    if (style.stroke) {
      context.strokeStyle = style.stroke
      context.lineWidth = style.width ?? 2
      context.lineJoin = 'round'
      context.stroke()
    }
  }
  context.restore()
}

/** The live overlay's hint and mistake shapes (paper-overlay.ts), then its digits. */
export function drawOverlay(context: Context2D, layout: OverlayLayout, mirrored = false): void {
  drawQuads(context, layout.highlight, { fill: OVERLAY_COLOURS.highlight })
  // A ring a twelfth of the cell wide, measured on the first cell (they are all about the same).
  const ring = layout.mistakes.length
    ? Math.max(2, Math.hypot(layout.mistakes[0][1].x - layout.mistakes[0][0].x, layout.mistakes[0][1].y - layout.mistakes[0][0].y) / 12)
    : 2
  drawQuads(context, layout.mistakes, { stroke: OVERLAY_COLOURS.mistake, width: ring })
  drawPlacedDigits(context, layout.digits, COLOURS.overlay, mirrored)
  drawPlacedDigits(context, layout.removed, OVERLAY_COLOURS.removed, mirrored)
  // Strike the removed candidates through, in each one's own transform.
  context.save()
  context.strokeStyle = OVERLAY_COLOURS.removed
  context.lineWidth = DIGIT_FONT_SIZE / 10
  for (const { transform } of layout.removed) {
    const [a, b, c, d, e, f] = transform
    context.setTransform(a, b, c, d, e, f)
    context.beginPath()
    context.moveTo(-DIGIT_FONT_SIZE / 2, DIGIT_FONT_SIZE / 2)
    context.lineTo(DIGIT_FONT_SIZE / 2, -DIGIT_FONT_SIZE / 2)
    context.stroke()
  }
  context.restore()
}
