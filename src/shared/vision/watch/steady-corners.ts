/**
 * A watched grid's corners, steadied while the page stays where it is. Each look's detection
 * places the corners afresh, and where only the lattice of its boxes finds the grid (a border
 * merged with a column rule or the page's edge: grid/lattice.ts) they land 1-2 px rms apart from
 * look to look, up to 4-10 px in a 1280×720 view, against 0.35 px rms for a grid found by its
 * outline (two Wicht photos, image1045 and image1049, the view shifted a pixel at a time). A
 * cell's ink is measured inside margins of a few pixels (watch/cell-ink.ts), so a side 6 px off brought
 * the border into a row of cells and took it out again, and the time-lapse's trigger saw a hand
 * over the grid at nearly every look: one shot in seven minutes of writing, or none.
 *
 * The camera's own shake moves the page as a whole, which the corners' centre follows. Their
 * shape about that centre is averaged over the last sightings, each corner over those that put it
 * near the others' median. With a hand over part of the grid the lattice puts a corner far off
 * (image1011, by up to 3% of the diagonal): a running average took such a sighting in, or started
 * afresh from it as from a page moved, and the right shape came back over eight looks while the
 * ink of the cells beside that corner moved by enough for another shot (39 shots became 50). A
 * sighting whose shape changed by more than a steady grid's movement (STEADY_CORNER_MOVEMENT) is
 * used as found, as a page turned or moved must be at once, but is averaged from only once the
 * next one agrees with it; where the next agrees with the shape before, the change was a wrong
 * detection and the sightings before it still stand. Under a hand two wrong sightings in a row
 * can agree too (a `--mistakes` session on image1: a shape 0.015 of the diagonal off), and the
 * right one, back when the hand left, lay just within a steady grid's movement of them: averaged
 * in over four looks, the cells' ink moved meanwhile, read as writing, and a digit lost its own
 * shot. So the sightings from before a fresh start are kept, and a sighting that agrees with them
 * and not with the shape since takes them back at once.
 */
import { STEADY_CORNER_MOVEMENT, centroid, cornerMovement, distance } from '../core/geometry'
import type { Corners } from '../core/image'
import { median } from '../core/median'

/**
 * Sightings the shape is averaged over: eight seconds of the paper watch's two looks a second. Their
 * mean leaves as small a share of one look's error as the running mean that weighed the latest
 * look 1/8 did before (a variance 1/15 of one look's).
 */
const SHAPE_SIGHTINGS = 16

/**
 * How far a corner may lie from its sightings' median and still be averaged in, where the corner
 * is found that steadily, and how near the next sighting must come to a changed one for the page to
 * count as moved, as a share of the grid's diagonal: half a moving grid's movement. In the
 * sessions of three Wicht photos whose grid only the lattice finds (image1011, image1045,
 * image1049), 97-99% of the looks with nothing over the grid had their shape within 0.006-0.010 of
 * the averaged one, and half of image1011's looks with a hand over the grid beyond 0.0075.
 */
const AGREEING = STEADY_CORNER_MOVEMENT / 2

/**
 * A corner's reach about its median in sightings' median distances: for errors spread as a
 * normal's in the plane, 3.5 standard deviations, which leaves out one in 500 of them.
 */
const SPREAD_REACH = 3

export class SteadyCorners {
  /** The last sightings of this page's grid, about their centres, oldest first. */
  private sightings: Corners[] = []
  /** Their averaged shape; null before the first sighting. */
  private shape: Corners | null = null
  /** The last sighting, where its shape changed by more than a steady grid's: the page moved, or a wrong detection. */
  private pending: Corners | null = null
  /** The sightings before the history last started afresh, and their shape, should the page's shape come back. */
  private before: { sightings: Corners[]; shape: Corners } | null = null

  /**
   * The corners to use for this look: the detected ones' centre with the averaged shape, or the
   * detected ones as they are where their shape changed. A look with no grid (a hand over it)
   * keeps the shape for when the grid is seen again.
   */
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
      // The shape the history had before it started afresh is back: what started it were wrong detections.
      this.sightings = before.sightings
      this.before = null
    } else if (shape && changed > STEADY_CORNER_MOVEMENT) {
      const pending = this.pending
      if (!pending || cornerMovement(pending, offsets) > AGREEING) {
        this.pending = offsets
        return corners
      }
      // Two sightings in a row agree on the new shape: the page moved, or a hand fooled the detection twice.
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

/**
 * Each corner: the mean of the sightings that put it near their median, within AGREEING or, where
 * the corner is found less steadily than that, within SPREAD_REACH times its sightings' median
 * distance from there.
 */
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
