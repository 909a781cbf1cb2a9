/**
 * What the live camera tells the user about the grid it sees: nothing found, cut at an edge (which
 * one, as the preview shows it), too small to read, found (hold still) or steady (being read).
 * Worked out from the live detector's result alone, so it changes as fast as detections come.
 */
import type { Corners } from '../../../shared/vision/core/image'
import type { Detection } from '../workers/vision-protocol'

export type FeedbackKind = 'none' | 'cut' | 'small' | 'hold' | 'reading' | 'steady'
export type Edge = 'left' | 'right' | 'top' | 'bottom'

export interface CameraFeedback {
  readonly kind: FeedbackKind
  readonly text: string
  /** Edges of the picture (as shown) that cut the grid, for `cut`. */
  readonly edges: readonly Edge[]
}

/**
 * A corner this close to the picture's border (share of the picture's side) is taken as the
 * border cutting the grid: the detector's corners sit on the last visible grid line then. Chosen by
 * hand: 1.5% is 19 px of a 1280-px frame, more than the corner refinement's jitter of a few px.
 */
export const EDGE_MARGIN = 0.015

/**
 * Cells smaller than this (frame pixels, the grid's shorter side / 9) are too small to read well:
 * printed digits fill about half a cell, so digits under 10 px. Chosen by hand, not measured; the
 * grid detector itself gives up below about 4% of the picture (grid/contour.ts), which on a
 * 1280×720 frame is a 190-px grid of 21-px cells, so this warns just before the grid is lost.
 */
export const MIN_CELL_PX = 20

export interface FeedbackOptions {
  /** The preview is mirrored: the picture's left edge shows on the right. */
  readonly mirrored?: boolean
  /** A read of this frame is under way. */
  readonly reading?: boolean
}

const joinEdges = (edges: readonly Edge[]): string =>
  edges.length === 1 ? `the ${edges[0]} edge` : `the ${edges.slice(0, -1).join(', ')} and ${edges.at(-1)} edges`

/** The edges of a `width` × `height` picture that the corners touch, as the preview shows them. */
export function cutEdges(corners: Corners, width: number, height: number, mirrored = false): Edge[] {
  const mx = EDGE_MARGIN * width
  const my = EDGE_MARGIN * height
  const touches = {
    left: corners.some((p) => p.x <= mx),
    right: corners.some((p) => p.x >= width - mx),
    top: corners.some((p) => p.y <= my),
    bottom: corners.some((p) => p.y >= height - my),
  }
  const shown: Record<Edge, boolean> = mirrored ? { ...touches, left: touches.right, right: touches.left } : touches
  return (['left', 'right', 'top', 'bottom'] as const).filter((edge) => shown[edge])
}

/** The length of the grid's shorter side, in frame pixels. */
function shorterSide(c: Corners): number {
  const side = (a: number, b: number) => Math.hypot(c[a].x - c[b].x, c[a].y - c[b].y)
  return Math.min(side(0, 1), side(1, 2), side(2, 3), side(3, 0))
}

export function cameraFeedback(detection: Detection | null, steadiness: number, options: FeedbackOptions = {}): CameraFeedback {
  const corners = detection?.corners
  if (!detection || !corners) return { kind: 'none', text: 'No grid in view: hold the puzzle flat in front of the camera.', edges: [] }
  const edges = cutEdges(corners, detection.width, detection.height, options.mirrored)
  if (edges.length > 0) return { kind: 'cut', text: `Move back: the grid is cut at ${joinEdges(edges)}.`, edges }
  if (shorterSide(corners) / 9 < MIN_CELL_PX) return { kind: 'small', text: 'Too small: move closer to the puzzle.', edges }
  if (options.reading) return { kind: 'reading', text: 'Steady: reading the digits…', edges }
  if (steadiness >= 1) return { kind: 'steady', text: 'Grid found and steady.', edges }
  return { kind: 'hold', text: 'Grid found: hold still.', edges }
}
