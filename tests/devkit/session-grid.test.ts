/** Where a solving session draws its digits: the detected grid, checked against the photo's outline. */
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { decodeImage } from '../../src/node/reader/decode-image'
import type { Corners, RgbaImage } from '../../src/shared/vision/core/image'
import { cornerError } from '../../devkit/corner-error'
import { outlineInView, sessionCorners } from '../../devkit/session-grid'

const quad = (x: number, y: number, side: number): Corners => [
  { x, y },
  { x: x + side, y },
  { x: x + side, y: y + side },
  { x, y: y + side },
]

/** The mean of a dark square's pixels' positions in `image` (grey under 100). */
function darkCentre(image: RgbaImage): { x: number; y: number } {
  let sx = 0
  let sy = 0
  let n = 0
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      if (image.data[(y * image.width + x) * 4] >= 100) continue
      sx += x
      sy += y
      n++
    }
  }
  return { x: sx / n, y: sy / n }
}

describe('session grid', () => {
  it.each([1, 3, 6, 8])('puts an outline given on the photo as shown where the unturned view has it (EXIF orientation %i)', async (orientation) => {
    // A stored 90x60 photo, white but for a dark 10x10 square at (60, 10); a 180x180 view fits it unturned.
    const stored = Buffer.alloc(90 * 60 * 3, 255)
    for (let y = 10; y < 20; y++) for (let x = 60; x < 70; x++) stored.fill(0, (y * 90 + x) * 3, (y * 90 + x) * 3 + 3)
    const jpeg = await sharp(stored, { raw: { width: 90, height: 60, channels: 3 } })
      .withMetadata({ orientation })
      .jpeg({ quality: 100 })
      .toBuffer()
    // The outline is given on the photo as the app decodes it, turned upright.
    const shown = darkCentre(await decodeImage(jpeg))
    const outline = quad(shown.x - 5, shown.y - 5, 10)
    const inView = outlineInView(outline, { width: 90, height: 60, orientation }, { width: 180, height: 180 })!
    // Scaled by 2 and centred (30 px of border above and below): the square's centre at (129, 59) as stored.
    const centre = { x: inView.reduce((s, p) => s + p.x, 0) / 4, y: inView.reduce((s, p) => s + p.y, 0) / 4 }
    expect(centre.x).toBeCloseTo(2 * 64.5, 0)
    expect(centre.y).toBeCloseTo(30 + 2 * 14.5, 0)
    expect(inView[0].x).toBeLessThan(inView[1].x)
    expect(inView[0].y).toBeLessThan(inView[3].y)
  })

  it('takes the detected grid near the outline, and the outline where the detector found another grid or none', () => {
    const outline = quad(100, 100, 450)
    const near = quad(104, 98, 449)
    const cellOff = quad(50, 100, 450)
    expect(cornerError(near, outline)).toBeLessThan(0.02)
    expect(sessionCorners(near, outline)).toBe(near)
    expect(sessionCorners(cellOff, outline)).toBe(outline)
    expect(sessionCorners(null, outline)).toBe(outline)
    expect(sessionCorners(cellOff, null)).toBe(cellOff)
    expect(sessionCorners(null, null)).toBeNull()
  })
})
