import { expect, test } from 'vitest'
import { WRONG_GRID, cornerError, meanSide } from '../../devkit/corner-error'
import type { Corners } from '../../src/shared/vision/core/image'

const outline: Corners = [
  { x: 100, y: 100 },
  { x: 500, y: 120 },
  { x: 480, y: 500 },
  { x: 90, y: 470 },
]

test('the mean corner distance as a share of the mean side', () => {
  const side = meanSide(outline)
  const moved = outline.map((p) => ({ x: p.x + 0.03 * side, y: p.y })) as unknown as Corners
  expect(cornerError(moved, outline)).toBeCloseTo(0.03, 6)
  expect(cornerError(moved, outline)).toBeLessThan(WRONG_GRID)
})

test('a grid found turned names another corner first: the same outline only where turns are allowed', () => {
  const turned = [outline[1], outline[2], outline[3], outline[0]] as const satisfies Corners
  expect(cornerError(turned, outline)).toBeGreaterThan(WRONG_GRID)
  expect(cornerError(turned, outline, true)).toBe(0)
})
