/**
 * A watched grid's corners steadied, as a lattice-found grid jumps 1-2 px a look and fakes writing.
 * The centre follows the camera, the shape is a robust mean of recent sightings; a changed shape
 * counts once the next agrees, and the old sightings are kept in case a hand fooled the detection.
 */
import { STEADY_CORNER_MOVEMENT, centroid, cornerMovement, distance } from '../core/geometry'
import type { Corners } from '../core/image'
import { median } from '../core/median'

/** Sightings averaged: eight seconds at the paper watch's two looks a second. */
const SHAPE_SIGHTINGS = 16

/** Share of the diagonal within which sightings agree. Set from lattice-only grids: 97-99% of clear looks lie within 0.006-0.010. */
const AGREEING = STEADY_CORNER_MOVEMENT / 2

/** A corner's reach about its median, in median distances: ~3.5 σ for normal errors. */
const SPREAD_REACH = 3

export class SteadyCorners {
  /** The last sightings about their centres, oldest first. */
  private sightings: Corners[] = []
  private shape: Corners | null = null
  /** A changed shape not yet confirmed by the next sighting. */
  private pending: Corners | null = null
  /** The sightings before the last fresh start, should their shape come back. */
  private before: { sightings: Corners[]; shape: Corners } | null = null

  /** This look's corners: the averaged shape about the detected centre, or as detected where it changed. */
  follow(corners: Corners): Corners
  follow(corners: Corners | null): Corners | null
  follow(corners: Corners | null): Corners | null {
    if (!corners) return null
    const centre = centroid(corners)
    const offsets = corners.map((p) => ({ x: p.x - centre.x, y: p.y - centre.y })) as unknown as Corners
    const before = this.before
    const shape = this.shape
    const changed = shape ? cornerMovement(shape, offsets) : 0
    if (before && changed > AGREEING && cornerMovement(before.shape, offsets) <= AGREEING) {
      // The old shape is back: the fresh start was wrong detections.
      this.sightings = before.sightings
      this.before = null
    } else if (shape && changed > STEADY_CORNER_MOVEMENT) {
      const pending = this.pending
      if (!pending || cornerMovement(pending, offsets) > AGREEING) {
        this.pending = offsets
        return corners
      }
      // Two sightings agree on the new shape: start afresh.
      this.before = { sightings: this.sightings, shape }
      this.sightings = [pending]
    }
    return this.take(offsets).map((s) => ({ x: centre.x + s.x, y: centre.y + s.y })) as unknown as Corners
  }

  private take(offsets: Corners): Corners {
    this.sightings = [...this.sightings.slice(1 - SHAPE_SIGHTINGS), offsets]
    this.pending = null
    return (this.shape = agreedShape(this.sightings))
  }
}

/** Each corner: the mean of its sightings within AGREEING or SPREAD_REACH of their median. */
function agreedShape(sightings: readonly Corners[]): Corners {
  const medians = [0, 1, 2, 3].map((k) => ({ x: median(sightings.map((s) => s[k].x)), y: median(sightings.map((s) => s[k].y)) }))
  const diagonal = distance(medians[0], medians[2])
  return medians.map((middle, k) => {
    const corners = sightings.map((s) => s[k])
    const reach = Math.max(AGREEING * diagonal, SPREAD_REACH * median(corners.map((p) => distance(p, middle))))
    const near = corners.filter((p) => distance(p, middle) <= reach)
    return near.length ? centroid(near) : middle
  }) as unknown as Corners
}
