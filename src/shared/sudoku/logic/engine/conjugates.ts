/**
 * Strong links ("conjugate pairs"): a unit where a digit has exactly two places left, so one of
 * the two cells must hold it. Skyscraper, 2-String Kite and W-Wing are built from these.
 */
import { type Candidates, type Digit, allUnits } from '../../board'
import { placesFor } from '../common'

export interface StrongLink {
  readonly digit: Digit
  readonly unit: number
  readonly ends: readonly [number, number]
}

/** Strong links on `digit` in the units `from..to-1` of `allUnits` (rows 0-9, columns 9-18, boxes 18-27). */
export function strongLinks(cands: Candidates, solved: Uint8Array, digit: Digit, from = 0, to = 27): StrongLink[] {
  const links: StrongLink[] = []
  for (let unit = from; unit < to; unit++) {
    const places = placesFor(cands, solved, allUnits[unit], digit)
    if (places.length === 2) links.push({ digit, unit, ends: [places[0], places[1]] })
  }
  return links
}
