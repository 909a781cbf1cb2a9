/**
 * Which way live frames are looked at: the fast way (outline only, a few ms) every look, following
 * how the grid was last found, and the thorough way (up to ~40 ms) now and then. Counted in time,
 * as a camera gives 30 looks a second and the paper watch two.
 */
import type { DetectGridOptions, Fallback, GridDetection } from '../grid/find-grid'

/** While no grid is found, ms between thorough looks. Chosen by hand. */
const THOROUGH_EVERY_MS = 250
/** While a grid found before is lost (often under a hand), ms between thorough looks. Chosen by hand. */
const LOST_THOROUGH_EVERY_MS = 1000

export class LiveSchedule {
  /** How the last grid found was found; kept while it is lost. */
  private method: GridDetection['method'] | undefined
  /** The last look's grid, found or tracked; null for none. */
  private lastGrid: GridDetection | null = null
  private missing = false
  private lastThoroughAt = -Infinity

  constructor(
    private readonly thoroughEveryMs = THOROUGH_EVERY_MS,
    private readonly lostThoroughEveryMs = LOST_THOROUGH_EVERY_MS,
  ) {}

  /** detectGrid's options for the look at `now` (ms). */
  wayAt(now: number): DetectGridOptions {
    const every = this.method ? this.lostThoroughEveryMs : this.thoroughEveryMs
    if (this.missing && now - this.lastThoroughAt >= every) {
      this.lastThoroughAt = now
      return { live: false }
    }
    const follow: Fallback | undefined = this.method === 'contour' ? undefined : this.method
    return { live: true, follow, ...(this.lastGrid && { near: this.lastGrid }) }
  }

  /** What that look found, or null; a `tracked` grid is carried on too, lest the paper watch never see three looks in a row. */
  saw(grid: GridDetection | null): void {
    this.missing = !grid
    if (grid && !grid.tracked) this.method = grid.method
    this.lastGrid = grid
  }
}
