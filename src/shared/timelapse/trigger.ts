/**
 * When to take a shot in the "when the paper changes" mode: once new ink is written and the grid is
 * seen again clear and steady for a moment. Fed one cheap look a frame (vision/watch/cell-ink.ts),
 * it compares each cell's ink with its range since the last shot; anything that looks like a hand
 * restarts the wait. Pure logic with the time passed in, so it is tested on recorded looks.
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
  /** At a shot, when each of `changed` got its new ink (ms, the looks' clock); empty at other looks. */
  readonly arrived: readonly number[]
}

export interface Look {
  /** Milliseconds, any origin. */
  readonly at: number
  readonly corners: Corners | null
  /** The cells' ink; null when the grid was not found. */
  readonly cells: CellInk | null
}

/** A change in a cell's ink share that is new writing (a pencil mark covers 2-4%): four times shake and noise on a synthetic session. */
export const NEW_INK = 0.012
/** ...or this share of the ink already there, if more: a digit's ink wavers more with shake. */
export const NEW_INK_SHARE = 0.3
/** A cell's middle this much darker than the paper is under a hand or its shadow: a digit darkens it 0.05-0.1, skin 0.2+. */
export const SHADE_DROP = 0.15
/** ...or this much more colourful: skin adds 0.2-0.35, a blue pen digit under 0.05. */
export const TINT_RISE = 0.12
/** This many covered cells mean a hand is over the grid (the pen's tip alone covers one). */
export const HAND_CELLS = 2
/** Ink changing by NEW_INK in this many cells between two looks is no handwriting, but a hand. */
export const SUDDEN_CELLS = 4
/**
 * A rise in the band just outside the grid, beside a cell just written, that is a pen resting over
 * the grid's edge: bench:timelapse-session saw at most 0.019 with no hand, 0.07-0.28 under a pen.
 */
export const RIM_RISE = 0.06

/**
 * How long (ms) the grid must stay clear after ink changed with no hand in view, instead of holdMs:
 * at the frame's edge only the pen shows, and a resting pen is no finished digit. Set from
 * bench:timelapse-session: a pen rests up to 1.5 s, the next digit comes 2 s or more after.
 */
export const PEN_AWAY_MS = 2000

export const DEFAULT_TRIGGER: TriggerOptions = { minIntervalMs: 2000, maxIntervalMs: 60_000, holdMs: 700 }

export class ShotTrigger {
  private reference: CellInk | null = null
  /** Each cell's ink since the last shot, as a range (InkRanges); null before the first shot. */
  private ranges: InkRanges | null = null
  /** Whether clear looks widen the ranges: from a look held clear with nothing new until the next unclear one. */
  private learning = false
  private previous: Look | null = null
  private clearSince: number | null = null
  private clearestSeen: Pick<CellInk, 'shade' | 'tint'> | null = null
  private lastShotAt = -Infinity
  private previousView: View | null = null
  /** The last look that saw ink changing after a look without a hand, or -Infinity. */
  private writingAt = -Infinity
  /** Each cell's arrival of new ink since the last shot. */
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
    // The grid found again with new ink at its edge: a pen may still rest there (PEN_AWAY_MS).
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
    // A clear, steady grid with nothing new shows what its cells look like, until a hand comes.
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
    // Paper is rarely lit evenly, so each cell is measured against itself: at the last shot, or at its clearest.
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
 * Each cell's ink since the last shot, as the range shown at clear, steady looks, at most one change
 * wide: one look's ink is not the cell's, as light marks swing with shake by more than NEW_INK.
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
 * When each cell's new ink arrived since the last shot, so digits sharing a shot are told in the
 * order written: the first look since which the cell stayed outside its range.
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

/** Whether a pen lies over the grid's edge beside a cell written since `reference`: the band there got RIM_RISE more ink or TINT_RISE more colour. */
function penAtRim(reference: CellInk, ranges: InkRanges, now: CellInk): boolean {
  for (let edge = 0; edge < RIM_EDGES; edge++) {
    // A band out of the frame (NaN) shows nothing.
    if (!(now.rim[edge] - reference.rim[edge] >= RIM_RISE || now.rimTint[edge] - reference.rimTint[edge] >= TINT_RISE)) continue
    if (cellsBesideRimEdge(edge).some((c) => ranges.changed(c, now.ink[c]))) return true
  }
  return false
}

/** Whether a cell's ink share changed by new writing or an erasure, not shake: by `least`, or NEW_INK_SHARE of `before` if more. */
export function inkChanged(before: number, after: number, least = NEW_INK): boolean {
  return Math.abs(after - before) >= Math.max(least, NEW_INK_SHARE * before)
}
