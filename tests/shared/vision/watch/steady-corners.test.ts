/** A watched grid's corners, steadied while the page stays where it is. */
import { describe, expect, it } from 'vitest'
import { STEADY_CORNER_MOVEMENT } from '../../../../src/shared/vision/core/geometry'
import type { Corners, Point } from '../../../../src/shared/vision/core/image'
import { SteadyCorners } from '../../../../src/shared/vision/watch/steady-corners'

const GRID: Corners = [
  { x: 400, y: 200 },
  { x: 800, y: 205 },
  { x: 810, y: 600 },
  { x: 395, y: 610 },
]
const moved = (corners: readonly Point[], by: (p: Point, k: number) => Point): Corners => corners.map(by) as unknown as Corners
const worst = (a: readonly Point[], b: readonly Point[]) => Math.max(...a.map((p, k) => Math.hypot(p.x - b[k].x, p.y - b[k].y)))
/** The worst corner's error once the corners' mean error (a shift of the whole) is taken out. */
function shapeError(a: readonly Point[], b: readonly Point[]): number {
  const shift = { x: a.reduce((s, p, k) => s + p.x - b[k].x, 0) / 4, y: a.reduce((s, p, k) => s + p.y - b[k].y, 0) / 4 }
  return worst(
    a.map((p) => ({ x: p.x - shift.x, y: p.y - shift.y })),
    b,
  )
}
/** A seeded sequence in -1..1. */
function wobble(seed: number): () => number {
  let s = seed
  return () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1
}

describe('SteadyCorners', () => {
  it("follows the camera's shake and leaves out most of each look's own error in the corners", () => {
    const steady = new SteadyCorners()
    const next = wobble(7)
    const errors = { found: 0, steadied: 0, foundShape: 0, steadiedShape: 0 }
    for (let look = 0; look < 40; look++) {
      // The page shaken by up to 2 px as a whole, each corner found up to 4 px off on its own.
      const shake = { x: 2 * next(), y: 2 * next() }
      const truth = moved(GRID, (p) => ({ x: p.x + shake.x, y: p.y + shake.y }))
      const found = moved(truth, (p) => ({ x: p.x + 4 * next(), y: p.y + 4 * next() }))
      const steadied = steady.follow(found)
      if (look < 8) continue
      errors.found += worst(found, truth)
      errors.steadied += worst(steadied, truth)
      errors.foundShape += shapeError(found, truth)
      errors.steadiedShape += shapeError(steadied, truth)
    }
    expect(errors.steadied).toBeLessThan(0.7 * errors.found)
    expect(errors.steadiedShape).toBeLessThan(0.4 * errors.foundShape)
  })

  it('takes a page moved or turned as it is found, and averages from it once the next sighting agrees', () => {
    const steady = new SteadyCorners()
    for (let look = 0; look < 10; look++) steady.follow(GRID)
    const turned = moved(GRID, (p) => ({
      x: 600 + (p.x - 600) * Math.cos(0.1) - (p.y - 400) * Math.sin(0.1),
      y: 400 + (p.x - 600) * Math.sin(0.1) + (p.y - 400) * Math.cos(0.1),
    }))
    expect(worst(steady.follow(turned), turned)).toBeLessThan(1e-9)
    // The turned page, found 3 px off at one corner, is averaged with the sighting before.
    const off = moved(turned, (p, k) => (k === 0 ? { x: p.x - 3, y: p.y } : p))
    expect(shapeError(steady.follow(off), turned)).toBeLessThan(2)
    expect(shapeError(steady.follow(off), turned)).toBeGreaterThan(0.5)
    const diagonal = Math.hypot(GRID[2].x - GRID[0].x, GRID[2].y - GRID[0].y)
    const slid = moved(turned, (p) => ({ x: p.x + 3 * STEADY_CORNER_MOVEMENT * diagonal, y: p.y }))
    expect(worst(steady.follow(slid), slid)).toBeLessThan(2)
  })

  it('follows a page turning by a degree a look', () => {
    const steady = new SteadyCorners()
    for (let look = 0; look < 10; look++) steady.follow(GRID)
    const diagonal = Math.hypot(GRID[2].x - GRID[0].x, GRID[2].y - GRID[0].y)
    for (let look = 1; look <= 30; look++) {
      const angle = (look * Math.PI) / 180
      const turned = moved(GRID, (p) => ({
        x: 600 + (p.x - 600) * Math.cos(angle) - (p.y - 400) * Math.sin(angle),
        y: 400 + (p.x - 600) * Math.sin(angle) + (p.y - 400) * Math.cos(angle),
      }))
      expect(worst(steady.follow(turned), turned)).toBeLessThan(2 * STEADY_CORNER_MOVEMENT * diagonal)
    }
  })

  it('keeps a sighting with a corner far off out of the shape, and the next right one is right', () => {
    const steady = new SteadyCorners()
    for (let look = 0; look < 10; look++) steady.follow(GRID)
    // A hand over the bottom right: the lattice put that corner 20 px off, then 12 px off the other way.
    for (const off of [20, -12]) {
      const wrong = moved(GRID, (p, k) => (k === 2 ? { x: p.x - off, y: p.y + off / 2 } : p))
      expect(worst(steady.follow(wrong), wrong)).toBeLessThan(1e-9)
    }
    expect(worst(steady.follow(GRID), GRID)).toBeLessThan(1e-9)
    // Three looks in a row with that corner 6 px off, less than a moving grid's change.
    const near = moved(GRID, (p, k) => (k === 2 ? { x: p.x - 6, y: p.y } : p))
    for (let look = 0; look < 3; look++) expect(shapeError(steady.follow(near), GRID)).toBeLessThan(0.5)
  })

  it('takes the shape back at once where wrong sightings under a hand had started the history afresh', () => {
    const steady = new SteadyCorners()
    for (let look = 0; look < 10; look++) steady.follow(GRID)
    // Under a hand the lattice put the bottom right corner 14 px off twice (the history starts
    // afresh from them, as from a page moved), then 8 px off twice, within a steady grid's change of them.
    const off = (by: number) => moved(GRID, (p, k) => (k === 2 ? { x: p.x - by, y: p.y } : p))
    for (const by of [14, 14, 8, 8]) steady.follow(off(by))
    // The hand gone, the grid is found where it lay: within a steady grid's change of the wrong
    // shape, and no averaging of the two may move the cells' ink meanwhile.
    expect(worst(steady.follow(GRID), GRID)).toBeLessThan(0.5)
    expect(worst(steady.follow(GRID), GRID)).toBeLessThan(0.5)
  })

  it('keeps the shape over looks with no grid (a hand over it)', () => {
    const steady = new SteadyCorners()
    for (let look = 0; look < 10; look++) steady.follow(GRID)
    expect(steady.follow(null)).toBeNull()
    const off = moved(GRID, (p, k) => (k === 0 ? { x: p.x - 3, y: p.y - 3 } : p))
    // The corner found 3 px off weighs an eighth of the averaged shape.
    expect(worst(steady.follow(off), GRID)).toBeLessThan(1.5)
  })
})
