/** When the "paper changes" mode shoots: after new writing, once the hand has left and the grid is still. */
import { describe, expect, it } from 'vitest'
import { type Look, NEW_INK, PEN_AWAY_MS, RIM_RISE, SHADE_DROP, ShotTrigger, TINT_RISE } from '../../../src/shared/timelapse/trigger'
import { STEADY_CORNER_MOVEMENT } from '../../../src/shared/vision/core/geometry'
import { type CellInk, RIM_EDGES } from '../../../src/shared/vision/watch/cell-ink'
import type { Corners } from '../../../src/shared/vision/core/image'

const CORNERS: Corners = [
  { x: 100, y: 100 },
  { x: 500, y: 100 },
  { x: 500, y: 500 },
  { x: 100, y: 500 },
]
const shifted = (d: number): Corners => CORNERS.map((p) => ({ x: p.x + d, y: p.y })) as unknown as Corners

/** A page whose `written` cells hold ink (pen digits), and whose `covered` cells lie under a hand. */
function page(written: number[] = [], covered: number[] = []): CellInk {
  const ink = new Float32Array(81).fill(0.001)
  const tint = new Float32Array(81).fill(0.02)
  const shade = new Float32Array(81).fill(0.97)
  for (const c of written) ink[c] = 0.12
  for (const c of covered) shade[c] = 0.97 - SHADE_DROP - 0.1
  return { ink, shade, tint, rim: new Float32Array(RIM_EDGES), rimTint: new Float32Array(RIM_EDGES).fill(0.02) }
}

const OPTIONS = { minIntervalMs: 2000, maxIntervalMs: 30_000, holdMs: 1000 }

/** Feeds looks every 500 ms from `start`; returns the times of the shots taken. */
function run(trigger: ShotTrigger, looks: Omit<Look, 'at'>[], start = 0): number[] {
  const shots: number[] = []
  looks.forEach((look, i) => {
    const at = start + i * 500
    if (trigger.observe({ ...look, at }).shoot) shots.push(at)
  })
  return shots
}

const clear = (written: number[] = []): Omit<Look, 'at'> => ({ corners: CORNERS, cells: page(written) })
const times = <T>(n: number, look: T): T[] => Array.from({ length: n }, () => look)

describe('ShotTrigger', () => {
  it('takes a first shot once the grid is steady, then none while nothing changes', () => {
    const trigger = new ShotTrigger(OPTIONS)
    expect(run(trigger, times(20, clear()))).toEqual([1000])
  })

  it('shoots once a new digit is there and the hand has left the grid and stayed away for the hold', () => {
    const trigger = new ShotTrigger(OPTIONS)
    const hand = { corners: CORNERS, cells: page([], [30, 31, 39, 40]) }
    const looks = [...times(4, clear()), ...times(4, hand), ...times(6, clear([40]))]
    // Clear 0..1500 (shot at 1000), hand 2000..3500, the digit seen from 4000 (ink new since the
    // last look, so the hold starts at the next one, 4500): shot at 5500.
    expect(run(trigger, looks)).toEqual([1000, 5500])
  })

  it('never shoots while the grid is lost, jumping, or changes in many cells at once', () => {
    const trigger = new ShotTrigger(OPTIONS)
    run(trigger, times(3, clear()))
    const lost = { corners: null, cells: null }
    const jumping = (i: number) => ({ corners: shifted(i % 2 ? 0 : 400 * STEADY_CORNER_MOVEMENT * 3), cells: page([1]) })
    const sudden = (i: number) => ({ corners: CORNERS, cells: page(i % 2 ? [] : [1, 2, 3, 4, 5]) })
    const trouble = [...times(4, lost), ...Array.from({ length: 6 }, (_, i) => jumping(i)), ...Array.from({ length: 6 }, (_, i) => sudden(i))]
    const decisions = trouble.map((look, i) => new Map([[i, trigger.observe({ ...look, at: 1500 + i * 500 })]]).get(i)!)
    expect(decisions.map((d) => d.shoot)).toEqual(Array(trouble.length).fill(null))
    expect(decisions.map((d) => d.view)).toEqual(expect.arrayContaining(['no-grid', 'moving', 'covered']))
  })

  it('keeps the minimum interval between change shots, and shoots at the maximum interval when idle', () => {
    const trigger = new ShotTrigger({ ...OPTIONS, minIntervalMs: 5000 })
    // Digits appear every second without a hand (a fast writer seen between strokes).
    const looks = [...times(3, clear()), clear([1]), clear([1]), clear([1, 2]), clear([1, 2]), clear([1, 2, 3]), ...times(90, clear([1, 2, 3]))]
    const shots = run(trigger, looks)
    expect(shots.slice(0, 3)).toEqual([1000, 6000, 36_000])
    expect(shots[1] - shots[0]).toBeGreaterThanOrEqual(5000)
  })

  it("says when each changed cell's ink arrived, in the order written, and forgets ink that went back", () => {
    const trigger = new ShotTrigger({ ...OPTIONS, minIntervalMs: 8000 })
    const hand = { corners: CORNERS, cells: page([], [30, 31, 39, 40]) }
    // A speck in r1c1 (0) comes and goes with shake at 2000; r5c6 (41) is written at 2500, under a
    // hand, seen at 3000; r1c2 (1) at 5000; r1c1 gets a real mark at 6000; the shot waits for 9000.
    const speck = clear()
    speck.cells!.ink[0] = 0.05
    const looks = [...times(4, clear()), speck, hand, ...times(4, clear([41])), ...times(2, clear([1, 41])), ...times(8, clear([0, 1, 41]))]
    const decisions = looks.map((look, i) => trigger.observe({ ...look, at: i * 500 }))
    const shot = decisions.find((d, i) => d.shoot && i * 500 > 1000)!
    expect(decisions.indexOf(shot) * 500).toBe(9000)
    expect(shot.changed).toEqual([0, 1, 41])
    expect(shot.arrived).toEqual([6000, 5000, 3000])
    expect(decisions.filter((d) => !d.shoot).every((d) => d.arrived.length === 0)).toBe(true)
  })

  it('counts an erased digit and a pencil mark as changes, shot once the ink has stopped changing', () => {
    const trigger = new ShotTrigger(OPTIONS)
    const mark = page([5])
    mark.ink[9] = NEW_INK * 1.5
    const looks = [...times(4, clear([5])), ...times(6, clear()), ...times(6, { corners: CORNERS, cells: mark })]
    // The erasure shows at 2000 and the mark at 5000, with no hand seen (it may be out of the
    // frame): each is shot once its pen may have gone (PEN_AWAY_MS), 2000 and 7000.
    expect(run(trigger, looks)).toEqual([1000, 2000 + PEN_AWAY_MS, 5000 + PEN_AWAY_MS])
  })

  it('takes no shot for a cell whose ink wavers from look to look with no hand seen, but shoots ink beyond what it has shown', () => {
    // Pencil marks in a shaded cell, read 0.039-0.057 as the camera shakes (bench:timelapse-session,
    // image76): each step between looks too small for a stroke, the swing from the shot's 0.057 to
    // 0.039 as large as a new mark.
    const marks = (ink: number, covered: number[] = []): Omit<Look, 'at'> => {
      const cells = page([], covered)
      cells.ink[8] = ink
      return { corners: CORNERS, cells }
    }
    const wavering = [0.057, 0.047, 0.039, 0.047, 0.057, 0.047, 0.039].flatMap((ink) => times(4, marks(ink)))
    const trigger = new ShotTrigger(OPTIONS)
    expect(run(trigger, wavering)).toEqual([1000])
    // A hand, then a mark more, seen from 16000 (new since the last look, so held from 16500): shot.
    const more = [...times(4, marks(0.047, [30, 31, 39, 40])), ...times(6, marks(0.057 + 2 * NEW_INK))]
    expect(run(trigger, more, 14_000)).toEqual([16_500 + OPTIONS.holdMs])
  })

  it('shoots ink that darkens a cell a little at a time with no hand seen, once it lies a change beyond the shot', () => {
    // Each look NEW_INK / 2 darker than the last (too little for a stroke): what the shot's range takes in stops at one change wide.
    const darkening = Array.from({ length: 12 }, (_, i) => {
      const cells = page()
      cells.ink[20] = 0.001 + (Math.max(0, i - 3) * NEW_INK) / 2
      return { corners: CORNERS, cells }
    })
    expect(run(new ShotTrigger(OPTIONS), [...darkening, ...times(6, darkening[11])]).length).toBeGreaterThan(1)
  })

  it('waits for a pen that writes from beyond the frame and rests in its cell, then shoots', () => {
    const trigger = new ShotTrigger(OPTIONS)
    // The hand is out of the frame: only the pen shows, as ink in the cell it writes in (40). The
    // digit's ink comes at 2000 with the pen's; the pen rests still until 3500 (1.5 s, as on the
    // synthetic session), then goes.
    const pen = page([40])
    pen.ink[40] = 0.2
    const looks = [...times(4, clear()), ...times(4, { corners: CORNERS, cells: pen }), ...times(8, clear([40]))]
    const shots = run(trigger, looks)
    expect(shots[0]).toBe(1000)
    // No shot with the pen there (2000..3500); the digit is shot once it has gone.
    expect(shots.slice(1).every((at) => at > 3500)).toBe(true)
    expect(shots).toHaveLength(2)
  })

  it("waits while a pen rests over the grid's edge beside the cell it wrote, longer than a pen away, but not for ink beside other cells", () => {
    // The hand is out of the frame below the grid: the pen writes in r9c8 and rests over the grid's
    // bottom edge there, its shaft in the band outside the grid, from 2000 to 5500.
    const BOTTOM_C8 = 18 + 7
    const withPen = (written: number[], edge: number): Omit<Look, 'at'> => {
      const cells = page(written)
      cells.rim[edge] = RIM_RISE * 3
      return { corners: CORNERS, cells }
    }
    const looks = [...times(4, clear()), ...times(8, withPen([79], BOTTOM_C8)), ...times(8, clear([79]))]
    expect(run(new ShotTrigger(OPTIONS), looks).filter((at) => at > 1000)).toEqual([6000 + OPTIONS.holdMs])
    // Ink by the grid's top edge, far from the written cell (a pen put down there): shot as before.
    const aside = [...times(4, clear()), ...times(16, withPen([79], 4))]
    expect(run(new ShotTrigger(OPTIONS), aside).filter((at) => at > 1000)).toEqual([2000 + PEN_AWAY_MS])
  })

  it('waits as for a pen at rest where the grid comes back from a hand that hid it with new ink at its edge, not in its middle', () => {
    const lost = { corners: null, cells: null }
    // The hand hid the grid from 2000 to 3500; from 4000 it is found again with a new digit in r9c3
    // (the bottom row), where the pen may still rest with the hand beyond the edge, or in r5c5.
    const after = (cell: number) => run(new ShotTrigger(OPTIONS), [...times(4, clear()), ...times(4, lost), ...times(12, clear([cell]))])
    expect(after(74).filter((at) => at > 1000)).toEqual([4000 + PEN_AWAY_MS])
    expect(after(40).filter((at) => at > 1000)).toEqual([4000 + OPTIONS.holdMs])
  })

  it("waits while the hand holding the pen lies over the band outside the grid's edge beside the cell it wrote, though the band shows less ink", () => {
    // The hand's skin beside r5c9, over the margin's shaded print: the band's ink falls, its colour rises.
    const RIGHT_R5 = 9 + 4
    const withHand = (written: number[]): Omit<Look, 'at'> => {
      const cells = page(written)
      cells.rim[RIGHT_R5] -= 0.1
      cells.rimTint[RIGHT_R5] += TINT_RISE * 2
      return { corners: CORNERS, cells }
    }
    const looks = [...times(4, clear()), ...times(8, withHand([44])), ...times(8, clear([44]))]
    expect(run(new ShotTrigger(OPTIONS), looks).filter((at) => at > 1000)).toEqual([6000 + OPTIONS.holdMs])
  })
})
