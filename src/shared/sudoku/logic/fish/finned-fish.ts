/**
 * Finned and sashimi fish (X-Wing, Swordfish, Jellyfish): n rows whose places for a digit fall in
 * n columns, except for a few extra places (the fins), all in one box. Either a fin holds the
 * digit, or the rows make a plain fish and take the digit of the n columns. Either way a cell of
 * those columns, outside the rows and inside the fins' box, cannot hold it: it sees every fin.
 * Sashimi: some row has only one place in the columns, so without the fins there would be no fish
 * at all; the reasoning is the same. The same with rows and columns swapped.
 */
import { allUnits, bitCount, boxOf } from '../../board'
import { combinations, eliminate, joinAnd, listCells, placesFor, solvedCells } from '../common'
import { fishAxes } from './fish'
import type { Step, TechniqueFinder } from '../step'

const FISH_NAMES: Record<number, string> = { 2: 'X-Wing', 3: 'Swordfish', 4: 'Jellyfish' }
/** SE has no finned fish; each sits just above its plain fish (X-Wing 3.2, Swordfish 3.8, Jellyfish 5.2). */
const FINNED_DIFFICULTY: Record<number, number> = { 2: 3.4, 3: 4.0, 4: 5.4 }
const SASHIMI_EXTRA = 0.1
/** Places a base line may have beyond the fish's size: its fins lie in one box, which holds 3 cells of a line. */
const MAX_EXTRA_PLACES = 3

function findFinnedFish(size: 2 | 3 | 4, seen: Set<string>): TechniqueFinder {
  return (cands) => {
    const solved = solvedCells(cands)
    const steps: Step[] = []
    for (const byRows of [true, false]) {
      const { baseUnit, coverUnit, crossOf, baseOf, lineWord, crossWord } = fishAxes(byRows)
      for (let digit = 1; digit <= 9; digit++) {
        const lines = [...Array(9).keys()]
          .map((line) => {
            const places = placesFor(cands, solved, allUnits[baseUnit(line)], digit)
            return { line, places, mask: places.reduce((m, c) => m | (1 << crossOf(c)), 0) }
          })
          .filter(({ places }) => places.length >= 1 && places.length <= size + MAX_EXTRA_PLACES)
        const digitInBox = [...Array(9).keys()].map((box) => placesFor(cands, solved, allUnits[18 + box], digit))
        for (const base of combinations(lines, size)) {
          for (let box = 0; box < 9; box++) {
            // Every place outside the fins' box is in a cover line; the rest of the cover comes from
            // the box's lines. Bit masks of cross lines first: most combinations fail here, cheaply.
            const boxBand = 0b111 << (3 * (byRows ? box % 3 : Math.floor(box / 3)))
            let needed = 0
            let inBox = 0
            for (const b of base) {
              const sharesBox = Math.floor(b.line / 3) === (byRows ? Math.floor(box / 3) : box % 3)
              needed |= sharesBox ? b.mask & ~boxBand : b.mask
              if (sharesBox) inBox |= b.mask & boxBand
            }
            const optionalMask = inBox & ~needed
            if (bitCount(needed) > size || bitCount(needed | optionalMask) <= size) continue
            // Only the box's cells off the base lines can lose the digit: no such cell on a possible
            // cover line, no step (this cut keeps the Jellyfish affordable).
            let targetCross = 0
            for (const c of digitInBox[box]) if (!base.some((b) => b.line === baseOf(c))) targetCross |= 1 << crossOf(c)
            if (!((needed | optionalMask) & targetCross)) continue
            const optional = crossesOf(optionalMask)
            const places = base.flatMap((b) => b.places)
            for (const extra of combinations(optional, size - bitCount(needed))) {
              const cover = [...crossesOf(needed), ...extra]
              const fins = places.filter((c) => !cover.includes(crossOf(c)))
              const inCover = base.map((b) => b.places.filter((c) => cover.includes(crossOf(c))).length)
              if (inCover.some((n) => n === 0)) continue
              const baseLines = base.map((b) => b.line)
              const targets = cover.flatMap((x) =>
                placesFor(cands, solved, allUnits[coverUnit(x)], digit).filter((c) => boxOf(c) === box && !baseLines.includes(baseOf(c))),
              )
              // The same removal from a bigger fish or another choice of cover adds nothing; skipping
              // it before the text is written keeps candidate-rich states cheap.
              const key = `${digit}:${targets.join(',')}`
              if (targets.length === 0 || seen.has(key)) continue
              seen.add(key)
              const sashimi = inCover.some((n) => n === 1)
              const name = `${sashimi ? 'sashimi' : 'finned'} ${FISH_NAMES[size]}`
              const body = base.flatMap((b) => b.places.filter((c) => !fins.includes(c)))
              steps.push({
                technique: 'finned-fish',
                placements: [],
                eliminations: eliminate(targets, digit),
                cells: [...body, ...fins].sort((a, b) => a - b),
                marks: [...body, ...fins].map((cell) => ({ cell, digit })),
                units: [...baseLines.map(baseUnit), ...cover.map(coverUnit), 18 + box],
                text:
                  `A ${name} on ${digit}: in ${lineWord} ${joinAnd(baseLines.map((l) => String(l + 1)))}, ${digit} can only go in ${crossWord} ` +
                  `${joinAnd([...cover].sort((a, b) => a - b).map((x) => String(x + 1)))} (${listCells(body)}), or in the fin${fins.length > 1 ? 's' : ''} ${listCells(fins)} in box ${box + 1}. ` +
                  `If no fin is ${digit}, those ${lineWord} take the ${digit} of those ${crossWord}; if a fin is, the cells of box ${box + 1} that see it cannot be. ` +
                  `Either way ${listCells(targets)}, in those ${crossWord} and in box ${box + 1}, cannot be ${digit}.`,
                difficulty: FINNED_DIFFICULTY[size] + (sashimi ? SASHIMI_EXTRA : 0),
              })
            }
          }
        }
      }
    }
    return steps
  }
}

/** X-Wing, Swordfish and Jellyfish, smaller first: one registry entry, like the unique rectangles. */
export const findFinnedFishes: TechniqueFinder = (cands) => {
  const seen = new Set<string>()
  return ([2, 3, 4] as const).flatMap((n) => findFinnedFish(n, seen)(cands))
}

/** The cross lines (0..8) whose bits are set. */
function crossesOf(mask: number): number[] {
  return [...Array(9).keys()].filter((x) => mask & (1 << x))
}
