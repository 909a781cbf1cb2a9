/**
 * Which way live frames are looked at (the vision worker, devkit's paper watch). The grid
 * detector's fast way (its outline only) costs a few milliseconds whether or not a grid is in
 * view; the thorough way (Hough lines, lattices of holes, faint inner lines) costs up to ~40 ms on
 * a 640 px frame of text, which alone would hold live detection under the 30 frames/s it is meant
 * for.
 *
 * So: the fast way, look after look. While it finds no grid, the thorough way at most once every
 * `thoroughEveryMs`, and a grid only the thorough way finds (not by its outline) is then followed
 * the thorough way look by look, until it is lost or its outline finds it. The schedule counts
 * time, not looks, because looks come at different rates: a camera's stream at up to 30 a second,
 * the time-lapse's paper watch at two. Counted in looks, a thorough look every 8th suited the
 * stream but left a grid only the lattice finds unseen for up to 4 s after a hand left it in the
 * paper watch (bench:timelapse-session on a page whose border merges with its box lines).
 */
export class LiveSchedule {
  private following = false
  private missing = false
  private lastThoroughAt = -Infinity

  constructor(private readonly thoroughEveryMs: number) {}

  /** Whether the look made at `now` (ms) is the fast way. */
  fastAt(now: number): boolean {
    const thorough = this.following || (this.missing && now - this.lastThoroughAt >= this.thoroughEveryMs)
    if (thorough) this.lastThoroughAt = now
    return !thorough
  }

  /** What that look found: the grid detector's method, or undefined for no grid. */
  saw(method: 'contour' | 'hough' | 'lattice' | undefined): void {
    this.following = method !== undefined && method !== 'contour'
    this.missing = method === undefined
  }
}
