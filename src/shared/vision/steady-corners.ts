/**
 * A watched grid's corners, steadied while the page stays where it is. Each look's detection
 * places the corners afresh, and where only the lattice of its boxes finds the grid (a border
 * merged with a column rule or the page's edge: grid-lattice.ts) they land 1-2 px rms apart from
 * look to look, up to 4-10 px in a 1280×720 view, against 0.35 px rms for a grid found by its
 * outline (two Wicht photos, image1045 and image1049, the view shifted a pixel at a time). A
 * cell's ink is measured inside margins of a few pixels (cell-ink.ts), so a side 6 px off brought
 * the border into a row of cells and took it out again, and the time-lapse's trigger saw a hand
 * over the grid at nearly every look: one shot in seven minutes of writing, or none.
 *
 * The camera's own shake moves the page as a whole, which the corners' centre follows. Their
 * shape about that centre is averaged over the last sightings, so a corner's error from one
 * look is a fraction of itself; a shape that changed by more than a steady grid's movement
 * (STEADY_CORNER_MOVEMENT) is a page turned or moved, and is taken as it is.
 */
import { STEADY_CORNER_MOVEMENT, centroid, cornerMovement } from './geometry'
import type { Corners } from './image'

/**
 * Sightings the shape is averaged over (the latest weighs 1/SHAPE_SIGHTINGS once there are that
 * many): four seconds of the paper watch's two looks a second, short beside a person's pause
 * between digits. Chosen by hand.
 */
const SHAPE_SIGHTINGS = 8

export class SteadyCorners {
  /** The corners about their centre, averaged; null before the first sighting. */
  private shape: Corners | null = null
  private sightings = 0

  /**
   * The corners to use for this look: the detected ones' centre with the averaged shape. A look
   * with no grid (a hand over it) keeps the shape for when the grid is seen again.
   */
  follow(corners: Corners): Corners
  follow(corners: Corners | null): Corners | null
  follow(corners: Corners | null): Corners | null {
    if (!corners) return null
    const centre = centroid(corners)
    const offsets = corners.map((p) => ({ x: p.x - centre.x, y: p.y - centre.y })) as unknown as Corners
    const shape = this.shape
    if (!shape || cornerMovement(shape, offsets) > STEADY_CORNER_MOVEMENT) {
      this.shape = offsets
      this.sightings = 1
    } else {
      this.sightings = Math.min(this.sightings + 1, SHAPE_SIGHTINGS)
      const weight = 1 / this.sightings
      this.shape = shape.map((s, k) => ({ x: s.x + (offsets[k].x - s.x) * weight, y: s.y + (offsets[k].y - s.y) * weight })) as unknown as Corners
    }
    return this.shape.map((s) => ({ x: centre.x + s.x, y: centre.y + s.y })) as unknown as Corners
  }
}
