import { describe, expect, it } from 'vitest'
import { cameraFeedback, cutEdges } from '../../../src/renderer/src/state/camera-feedback'
import type { Corners } from '../../../src/shared/vision/core/image'
import type { Detection } from '../../../src/renderer/src/workers/vision-protocol'

const box = (x0: number, y0: number, x1: number, y1: number): Corners => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
]
const seen = (corners: Corners | null): Detection => ({ corners, fiducials: [], width: 1280, height: 720, ms: 5 })

describe('cameraFeedback', () => {
  it('asks for the puzzle while no grid is in view', () => {
    expect(cameraFeedback(null, 0).kind).toBe('none')
    expect(cameraFeedback(seen(null), 0)).toMatchObject({ kind: 'none', text: 'No grid in view: hold the puzzle flat in front of the camera.' })
  })

  it('says which edge cuts the grid, as the preview shows it', () => {
    const atRight = seen(box(900, 100, 1279, 600))
    expect(cameraFeedback(atRight, 1)).toMatchObject({ kind: 'cut', text: 'Move back: the grid is cut at the right edge.', edges: ['right'] })
    // Mirrored, the picture's right edge is on the left of the screen.
    expect(cameraFeedback(atRight, 1, { mirrored: true }).text).toBe('Move back: the grid is cut at the left edge.')
    expect(cameraFeedback(seen(box(0, 300, 400, 720)), 0).text).toBe('Move back: the grid is cut at the left and bottom edges.')
    expect(cutEdges(box(0, 0, 1280, 720), 1280, 720)).toEqual(['left', 'right', 'top', 'bottom'])
  })

  it('leaves a grid clear of the edges alone, even close to them', () => {
    expect(cutEdges(box(30, 20, 1250, 700), 1280, 720)).toEqual([])
  })

  it('asks to come closer when the cells are too small to read', () => {
    // 150 px for 9 cells: under 17 px a cell.
    expect(cameraFeedback(seen(box(500, 300, 650, 450)), 1)).toMatchObject({ kind: 'small', text: 'Too small: move closer to the puzzle.' })
    expect(cameraFeedback(seen(box(500, 200, 800, 500)), 1).kind).not.toBe('small')
  })

  it('says hold still until steady, then that it is reading', () => {
    const good = seen(box(400, 100, 900, 600))
    expect(cameraFeedback(good, 0.4)).toMatchObject({ kind: 'hold', text: 'Grid found: hold still.' })
    expect(cameraFeedback(good, 1)).toMatchObject({ kind: 'steady' })
    expect(cameraFeedback(good, 1, { reading: true })).toMatchObject({ kind: 'reading', text: 'Steady: reading the digits…' })
  })
})
