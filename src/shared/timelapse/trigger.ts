/**
 * When to take a shot in the "when the paper changes" mode: after something new was written on
 * the page (a digit, a pencil mark, an erasure) and the hand has left the grid, that is once the
 * whole grid is seen again, clear and steady, for a moment. Minutes where nothing changes and
 * frames where a hand covers the grid give no shot.
 *
 * It is fed one cheap look a frame (the grid's corners and each cell's ink, watch/cell-ink.ts) and
 * compares each cell's ink with what it has shown since the last shot (InkRanges). A hand over
 * the grid shows as a missing grid, corners that jump, cells darkened or tinted as a whole (skin
 * and shadow, not ink), ink changing in many cells at once, or ink just outside the grid beside a
 * cell just written (a pen held over the grid's edge); any of these restarts the wait, and so does
 * ink still changing (a stroke under way). At a shot it says when each cell's new ink arrived
 * (NewInkArrivals), so the move log can tell digits that share a shot in the order they were
 * written. Pure logic with the time passed in, so it is tested and benchmarked on recorded looks.
 */
import { CELLS, type Cell } from '../sudoku/board'
import { type CellInk, RIM_EDGES, cellsBesideRimEdge } from '../vision/watch/cell-ink'
import { STEADY_CORNER_MOVEMENT, cornerMovement } from '../vision/core/geometry'
import type { Corners } from '../vision/core/image'

export interface TriggerOptions {
  /** No two shots closer than this (ms), however fast the writing. */
  readonly minIntervalMs: number
  /** A shot at least this often (ms) while the grid is clear, changed or not; Infinity for never. */
  readonly maxIntervalMs: number
  /** How long the grid must stay clear and steady after the hand left (ms). */
  readonly holdMs: number
}

/** What one look showed. */
export type View = 'no-grid' | 'moving' | 'covered' | 'writing' | 'clear'
export type ShotReason = 'first' | 'change' | 'interval'

export interface TriggerDecision {
  readonly view: View
  /** Why to shoot now, or null to wait. */
  readonly shoot: ShotReason | null
  /** Cells whose ink differs from the last shot's (clear views only). */
  readonly changed: readonly Cell[]
  /**
   * At a shot, when each of `changed` got its new ink (ms, the looks' clock): the first of the looks
   * since which the grid, whenever seen steady and uncovered, showed it so (this look where none did
   * before). Empty at other looks.
   */
  readonly arrived: readonly number[]
}

export interface Look {
  /** Milliseconds, any origin. */
  readonly at: number
  readonly corners: Corners | null
  /** The cells' ink; null when the grid was not found. */
  readonly cells: CellInk | null
}

/**
 * A cell's ink share that changed by this much since the last shot is new writing: a pencil mark
 * covers 2-4% of a cell's middle, a pen digit 15-35%; camera shake (±1-2 px) and noise move a
 * cell's share by at most 0.003 between looks (synthetic session, bench/timelapse-session.ts, 13
 * looks without a hand, every pair compared), so this is four times that.
 */
export const NEW_INK = 0.012
/**
 * ...or by this share of the ink already there, whichever is more: a written digit's ink wavers
 * with shake a little more than an empty cell's (0.19-0.21 on the synthetic session), while a new
 * pencil mark beside others adds at least half of theirs.
 */
export const NEW_INK_SHARE = 0.3
/**
 * A cell whose middle got this much darker as a whole (relative to the paper) is under a hand or
 * its shadow: writing a digit darkens it by ~0.05-0.1, skin by 0.2 or more.
 */
export const SHADE_DROP = 0.15
/**
 * ...or whose colourfulness rose by this much (relative to the paper): skin adds 0.2-0.35 (the
 * synthetic hand 0.35), a pen digit in blue under 0.05 over its cell's middle.
 */
export const TINT_RISE = 0.12
/** This many covered cells mean a hand is over the grid (the pen's tip alone covers one). */
export const HAND_CELLS = 2
/** Ink changing by NEW_INK in this many cells between two looks is no handwriting, but a hand. */
export const SUDDEN_CELLS = 4
/**
 * The band just outside the grid (watch/cell-ink.ts's rim) that got this much more ink since the last
 * shot, beside a cell whose ink changed since, holds the pen that wrote there: where the grid
 * reaches the frame's edge, the hand is out of the frame and only the pen shows, resting over the
 * grid's edge. On the synthetic sessions (bench:timelapse-session, seeds 1, 2, 3, 7, 15, 20) a band
 * rose by at most 0.019 at the looks the trigger shot with no hand in view (shake moving the outer
 * line and the margin's print), and by 0.07-0.28 under a resting pen. Those were measured with four
 * lines across the band; it is sampled a pixel apart since (watch/cell-ink.ts's RIM_MIN_ACROSS), which
 * left those sessions' shots as they were (their move logs and shots per digit unchanged).
 */
export const RIM_RISE = 0.06

/**
 * How long the grid must stay clear after ink was last seen changing while no hand had been seen
 * (ms), instead of holdMs: where the grid reaches the frame's edge, the hand writing there is out
 * of the frame and only its pen is over the grid, in the very cell being written, where it reads
 * as part of the digit; a pen resting there still (a person thinking) is no finished digit. Ink
 * that shows as a hand leaves needs only holdMs: the hand was seen go. On the
 * synthetic session (bench:timelapse-session) a pen rests up to 1.5 s after its digit's ink
 * stopped changing, and was shot at holdMs (once in each of seeds 3 and 5); the next digit comes
 * 2 s or more after the hand left, so every digit keeps a shot of its own. Where the pen's tip hid
 * the digit's ink as it appeared, the pen rested 2 s after (seeds 7, 15 and 20): longer waits cost
 * digits their own shots, so RIM_RISE's band catches those pens instead.
 */
export const PEN_AWAY_MS = 2000

export const DEFAULT_TRIGGER: TriggerOptions = { minIntervalMs: 2000, maxIntervalMs: 60_000, holdMs: 700 }

export class ShotTrigger {
  private reference: CellInk | null = null
  /** Each cell's ink since the last shot, as a range (InkRanges); null before the first shot. */
  private ranges: InkRanges | null = null
  /** Whether the ranges take in what each clear look shows: from a look held clear with nothing new until the next look that is not clear. */
  private learning = false
  private previous: Look | null = null
  private clearSince: number | null = null
  private clearestSeen: Pick<CellInk, 'shade' | 'tint'> | null = null
  private lastShotAt = -Infinity
  private previousView: View | null = null
  /** The last look that saw ink changing after a look without a hand, or -Infinity. */
  private writingAt = -Infinity
  /** Each cell's arrival of new ink since the last shot (NewInkArrivals); none is seen before the first shot, which has no ranges. */
  private arrivals = new NewInkArrivals()

  constructor(private readonly options: TriggerOptions = DEFAULT_TRIGGER) {}

  /** Judges one look; when it says shoot, the look becomes the reference for the next change. */
  observe(look: Look): TriggerDecision {
    const view = this.viewOf(look)
    this.previous = look
    const lostBefore = this.previousView === 'no-grid'
    if (view === 'writing' && (this.previousView === 'clear' || this.previousView === 'writing')) this.writingAt = look.at
    this.previousView = view
    // A steady, uncovered look's cells outside their ranges: for the arrivals, and for a clear look's shot.
    const outside = (view === 'writing' || view === 'clear') && look.cells && this.ranges ? this.ranges.changedCells(look.cells.ink) : null
    // The grid found again, after a hand hid it, with new ink in a cell at its edge: nothing was seen
    // of where the hand went, and it may lie beyond that edge with its pen still resting in the cell
    // (as PEN_AWAY_MS says), its shaft across the band outside under RIM_RISE. On held-out solving
    // sessions (bench:timelapse-session seeds 96 and 104) two shots had a pen's tip so in a bottom-row
    // cell, the band below rising 0-0.046.
    if (view === 'clear' && lostBefore && outside?.some(atGridEdge)) this.writingAt = look.at
    if (outside) this.arrivals.see(look.at, outside)
    if (view !== 'clear' || !look.cells) {
      this.clearSince = null
      this.learning = false
      return { view, shoot: null, changed: [], arrived: [] }
    }
    this.clearSince ??= look.at
    const changed = outside ?? []
    const held = look.at - this.clearSince >= this.options.holdMs && look.at - this.writingAt >= PEN_AWAY_MS
    const since = look.at - this.lastShotAt
    const shoot: ShotReason | null = !held
      ? null
      : !this.reference
        ? 'first'
        : changed.length && since >= this.options.minIntervalMs
          ? 'change'
          : since >= this.options.maxIntervalMs
            ? 'interval'
            : null
    const arrived = shoot ? changed.map((c) => this.arrivals.at(c) ?? look.at) : []
    if (shoot) {
      this.reference = look.cells
      this.ranges = this.ranges?.shot(look.cells.ink, changed) ?? new InkRanges(look.cells.ink)
      this.arrivals = new NewInkArrivals()
      this.lastShotAt = look.at
    }
    // What a clear, steady grid shows with nothing new (from the look after a shot, or after a hand that wrote nothing), until a hand comes, is what its cells look like.
    if (held && !changed.length) this.learning = true
    if (this.learning && !shoot) this.ranges?.learn(look.cells.ink)
    return { view, shoot, changed, arrived }
  }

  /** Each cell at its clearest so far, before the first shot: its brightest shade and least tint. */
  private clearest(cells: CellInk): Pick<CellInk, 'shade' | 'tint'> {
    const best = (this.clearestSeen ??= { shade: Float32Array.from(cells.shade), tint: Float32Array.from(cells.tint) })
    for (let c = 0; c < CELLS; c++) {
      best.shade[c] = Math.max(best.shade[c], cells.shade[c])
      best.tint[c] = Math.min(best.tint[c], cells.tint[c])
    }
    return best
  }

  private viewOf(look: Look): View {
    if (!look.corners || !look.cells) return 'no-grid'
    const before = this.previous
    if (before?.corners && cornerMovement(before.corners, look.corners) > STEADY_CORNER_MOVEMENT) return 'moving'
    // Paper is rarely lit evenly (a photo's far corner at 65% of its brightest), so each cell is
    // measured against itself: as at the last shot, or before any, as clear as it has been seen.
    const paper = this.reference ?? this.clearest(look.cells)
    let covered = 0
    for (let c = 0; c < CELLS; c++) if (look.cells.shade[c] < paper.shade[c] - SHADE_DROP || look.cells.tint[c] > paper.tint[c] + TINT_RISE) covered++
    if (covered >= HAND_CELLS || (this.reference && this.ranges && penAtRim(this.reference, this.ranges, look.cells))) return 'covered'
    // Ink still changing since the last look: a stroke under way, to be let finish before a shot.
    const changing = before?.cells ? changedCells(before.cells, look.cells).length : 0
    if (changing >= SUDDEN_CELLS) return 'covered'
    return changing ? 'writing' : 'clear'
  }
}

/** Whether a cell lies along the grid's border (its outer row or column). */
const atGridEdge = (cell: Cell): boolean => cell < 9 || cell >= 72 || cell % 9 === 0 || cell % 9 === 8

function changedCells(from: CellInk, to: CellInk): Cell[] {
  return cellsWhere((c) => inkChanged(from.ink[c], to.ink[c]))
}

function cellsWhere(test: (cell: Cell) => boolean): Cell[] {
  const out: Cell[] = []
  for (let c = 0; c < CELLS; c++) if (test(c)) out.push(c)
  return out
}

/**
 * Each cell's ink as the trigger compares it with the last shot's: the range of ink it has shown
 * since, at looks with the grid clear and steady and no hand seen since the shot (or since a look
 * as clear with nothing new), at most one change wide (`inkChanged`). New ink is ink outside that
 * range by a change. A cell's ink at one look is not its ink: on a page in shade, a cell's pencil
 * marks across its edge read 0.039-0.059 from look to look with the camera's shake and the grid's
 * corners as found (bench:timelapse-session, image76), and against one look's ink each swing of
 * 0.018 or more read as new writing and took a shot. A stroke written without a hand seen over the
 * grid (a pen at the frame's edge) changes ink from look to look: those looks are not clear, and no
 * range takes it in.
 */
class InkRanges {
  private readonly low: Float32Array
  private readonly high: Float32Array

  constructor(ink: Float32Array) {
    this.low = Float32Array.from(ink)
    this.high = Float32Array.from(ink)
  }

  /** Whether a cell's ink `now` lies outside its range by new writing (or an erasure). */
  changed(cell: Cell, now: number): boolean {
    return now > this.high[cell] ? inkChanged(this.high[cell], now) : now < this.low[cell] && inkChanged(this.low[cell], now)
  }

  changedCells(ink: Float32Array): Cell[] {
    return cellsWhere((c) => this.changed(c, ink[c]))
  }

  /** Each range widened to take in `ink`, where it stays less than a change wide. */
  learn(ink: Float32Array): void {
    for (let c = 0; c < CELLS; c++) {
      const low = Math.min(this.low[c], ink[c])
      const high = Math.max(this.high[c], ink[c])
      if (inkChanged(low, high)) continue
      this.low[c] = low
      this.high[c] = high
    }
  }

  /** At a shot: the cells that `changed` start afresh at their ink, the others take it in. */
  shot(ink: Float32Array, changed: readonly Cell[]): InkRanges {
    this.learn(ink)
    for (const c of changed) this.low[c] = this.high[c] = ink[c]
    return this
  }
}

/**
 * When each cell's new ink arrived since the last shot, so that digits written between two shots
 * are told in the order they were written, not the order of their cells. Where a person writes a
 * digit, leaves, and comes back to write another before the grid was steady long enough for a shot
 * (a pen resting at the frame's edge, PEN_AWAY_MS, or a quick writer), both appear in one shot. A
 * cell's ink is known only where nothing covers the grid, so the arrival is the first of the steady,
 * uncovered looks since which the cell has shown ink outside its range (InkRanges); a look that
 * shows it back in range (shake swinging a light mark's ink out and back) forgets it.
 */
class NewInkArrivals {
  private since = new Float64Array(CELLS).fill(NaN)

  /** Takes in a steady, uncovered look at time `at`, whose cells `outside` show ink outside their ranges. */
  see(at: number, outside: readonly Cell[]): void {
    const next = new Float64Array(CELLS).fill(NaN)
    for (const c of outside) next[c] = Number.isNaN(this.since[c]) ? at : this.since[c]
    this.since = next
  }

  /** When `cell`'s new ink arrived, or undefined where no look has shown it yet. */
  at(cell: Cell): number | undefined {
    return Number.isNaN(this.since[cell]) ? undefined : this.since[cell]
  }
}

/**
 * Whether a pen lies over the grid's edge beside a cell written since the shot `reference`: the band
 * outside it got RIM_RISE more ink, or TINT_RISE more colour (the hand holding the pen, its skin
 * over the band, where it hides the margin's print as much as the pen adds: on a newspaper page
 * whose margin is shaded, the band's ink fell by 0.11 under a hand whose pen tip was over the grid).
 */
function penAtRim(reference: CellInk, ranges: InkRanges, now: CellInk): boolean {
  for (let edge = 0; edge < RIM_EDGES; edge++) {
    // A band out of the frame (NaN) shows nothing.
    if (!(now.rim[edge] - reference.rim[edge] >= RIM_RISE || now.rimTint[edge] - reference.rimTint[edge] >= TINT_RISE)) continue
    if (cellsBesideRimEdge(edge).some((c) => ranges.changed(c, now.ink[c]))) return true
  }
  return false
}

/**
 * Whether a cell's ink share went from `before` to `after` by new writing (or an erasure), not
 * shake or noise: by `least` (NEW_INK unless said), or NEW_INK_SHARE of `before` where that is more.
 */
export function inkChanged(before: number, after: number, least = NEW_INK): boolean {
  return Math.abs(after - before) >= Math.max(least, NEW_INK_SHARE * before)
}
