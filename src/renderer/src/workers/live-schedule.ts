/**
 * Which way the vision worker looks at each live frame. The grid detector's fast way (its outline
 * only) costs a few milliseconds whether or not a grid is in view; the thorough way (Hough lines,
 * lattices of holes, faint inner lines) costs up to ~40 ms on a 640 px frame of text, which alone
 * would hold live detection under the 30 frames/s it is meant for.
 *
 * So: the fast way, frame after frame. While it finds no grid, every `every`-th frame the thorough
 * way, and a grid only the thorough way finds (not by its outline) is then followed the thorough
 * way frame by frame, until it is lost or its outline finds it.
 */
export class LiveSchedule {
  private thorough = false
  private misses = 0

  constructor(private readonly every: number) {}

  /** Whether the next frame is looked at the fast way. */
  get fast(): boolean {
    return !this.thorough
  }

  /** What the last frame's look found: the grid detector's method, or undefined for no grid. */
  saw(method: 'contour' | 'hough' | 'lattice' | undefined): void {
    if (this.thorough) this.thorough = method !== undefined && method !== 'contour'
    if (method) this.misses = 0
    else if (++this.misses % this.every === 0) this.thorough = true
  }
}
