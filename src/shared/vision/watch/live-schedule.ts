/**
 * Which way live frames are looked at (the vision worker, devkit's paper watch). The grid
 * detector's fast way (its outline only) costs a few milliseconds whether or not a grid is in
 * view; the thorough way (Hough lines, lattices of holes, faint inner lines) costs up to ~40 ms on
 * a 640 px frame of text, and several times that with a hand over a grid, which alone would hold
 * live detection under the 30 frames/s it is meant for.
 *
 * So: the fast way, look after look. While it finds no grid, the thorough way at most once every
 * `thoroughEveryMs`, and a grid only a fallback finds (not by its outline) is then followed look by
 * look the way that fallback found it (grid/find-grid.ts's `follow`: the outline and that fallback alone),
 * until its outline finds it. A grid that was found and is lost again, most often under a hand, is
 * looked for the way it was last found, and the thorough way only once every `lostThoroughEveryMs`:
 * at the paper watch's two looks a second, a thorough look at every look while a hand covered a
 * lattice-only grid cost a third of a core (bench:timelapse-session, image1049), and as the hand
 * leaves, the way that found the grid before finds it again. Each live look carries the last look's
 * grid, for a look whose proposals find none to take it where it was if it still scores as a grid
 * there (grid/find-grid.ts's `near`).
 *
 * The schedule counts time, not looks, because looks come at different rates: a camera's stream at
 * up to 30 a second, the time-lapse's paper watch at two. Counted in looks, a thorough look every
 * 8th suited the stream but left a grid only the lattice finds unseen for up to 4 s after a hand
 * left it in the paper watch.
 */
import type { DetectGridOptions, Fallback, GridDetection } from '../grid/find-grid'

/**
 * While no grid has been found, a thorough look at least this long after the last: four times a
 * second (every 8th frame at 30 frames/s), so a grid only the fallbacks find (faint inner lines, a
 * border merged with a column rule) still shows up within a fraction of a second, while a view
 * with no grid mostly costs the fast way (a 640×360 page of text: ~4 ms instead of ~39 ms per frame
 * in Node). Chosen by hand.
 */
const THOROUGH_EVERY_MS = 250
/**
 * While a grid found before is lost: a thorough look once a second, every other look of the paper
 * watch, for a page turned or lit so that another way finds it now. Chosen by hand.
 */
const LOST_THOROUGH_EVERY_MS = 1000

export class LiveSchedule {
  /** How the last grid found was found; kept while it is lost. */
  private method: GridDetection['method'] | undefined
  /** The last look's grid, found by its own proposals or tracked from the look before; null for none. */
  private lastGrid: GridDetection | null = null
  private missing = false
  private lastThoroughAt = -Infinity

  constructor(
    private readonly thoroughEveryMs = THOROUGH_EVERY_MS,
    private readonly lostThoroughEveryMs = LOST_THOROUGH_EVERY_MS,
  ) {}

  /** The way the look made at `now` (ms) is made: detectGrid's options. */
  wayAt(now: number): DetectGridOptions {
    const every = this.method ? this.lostThoroughEveryMs : this.thoroughEveryMs
    if (this.missing && now - this.lastThoroughAt >= every) {
      this.lastThoroughAt = now
      return { live: false }
    }
    const follow: Fallback | undefined = this.method === 'contour' ? undefined : this.method
    return { live: true, follow, ...(this.lastGrid && { near: this.lastGrid }) }
  }

  /**
   * What that look found, or null for no grid. A grid only `tracked` from the look before is
   * carried on to the next look too, for as long as it scores as a grid where it was: not carried,
   * the look after a tracked one found none, and the paper watch, which waits for three clear looks
   * in a row, saw the grid at two looks of three at most (held-out seed 164, image1067, whose
   * outline merges with a column rule and whose Hough lines pass at one look of five: no shot in
   * nine minutes). The grid is held where it once was only while it still scores there; the paper
   * watch's corners are then put on the frame's own lines (grid/lines-fit.ts), which follow the
   * camera's shake.
   */
  saw(grid: GridDetection | null): void {
    this.missing = !grid
    if (grid && !grid.tracked) this.method = grid.method
    this.lastGrid = grid
  }
}
