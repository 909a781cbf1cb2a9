/**
 * Simple Colouring (single-digit colouring) for one digit at a time.
 *
 * Where a digit has only two places in a unit (a conjugate pair), exactly one of them holds it.
 * Pairs that share cells form a network; colour it in two colours so that every pair gets one of
 * each. Then either every cell of one colour holds the digit or every cell of the other does.
 * - Colour trap: a cell outside the network that sees cells of both colours cannot hold the digit.
 * - Colour wrap: if two cells of the same colour share a unit, that colour would put the digit
 *   twice in one unit, so that colour is false everywhere.
 */
import { type Candidates, type Cell, type Digit, CELLS, allUnits, bitCount, cellName, digitBit, peers } from '../../board'
import type { Step } from '../step'

interface Network {
  /** Cells by colour: [green, blue]. */
  readonly colours: readonly [Cell[], Cell[]]
  readonly units: number[]
}

/** The conjugate-pair networks of one digit with at least two pairs (one pair is Locked Candidates). */
function networks(cands: Candidates, digit: Digit): Network[] {
  const bit = digitBit(digit)
  const links: { a: Cell; b: Cell; unit: number }[] = []
  allUnits.forEach((unit, u) => {
    // Solved cells (one candidate) count as places too: a unit whose digit is placed has no pair.
    const places = unit.filter((c) => cands[c] & bit)
    if (places.length === 2 && places.every((c) => bitCount(cands[c]) > 1)) links.push({ a: places[0], b: places[1], unit: u })
  })
  const colour = new Int8Array(CELLS).fill(-1)
  const found: Network[] = []
  for (const seed of links) {
    if (colour[seed.a] >= 0) continue
    const net: Network = { colours: [[], []], units: [] }
    const unitsUsed = new Set<number>()
    let consistent = true
    colour[seed.a] = 0
    net.colours[0].push(seed.a)
    const queue: Cell[] = [seed.a]
    while (queue.length) {
      const cell = queue.shift()!
      for (const link of links) {
        if (link.a !== cell && link.b !== cell) continue
        const other = link.a === cell ? link.b : link.a
        unitsUsed.add(link.unit)
        if (colour[other] < 0) {
          colour[other] = 1 - colour[cell]
          net.colours[colour[other]].push(other)
          queue.push(other)
        } else if (colour[other] === colour[cell]) {
          consistent = false // an odd loop of pairs: the grid is already contradictory
        }
      }
    }
    net.units.push(...[...unitsUsed].sort((a, b) => a - b))
    for (const cells of net.colours) cells.sort((a, b) => a - b)
    if (consistent && net.colours[0].length + net.colours[1].length >= 3) found.push(net)
  }
  return found
}

const list = (cells: readonly Cell[]): string => cells.map(cellName).join(', ')

export function findSimpleColouring(cands: Candidates): Step[] {
  const steps: Step[] = []
  for (let digit = 1; digit <= 9; digit++) {
    const bit = digitBit(digit)
    for (const net of networks(cands, digit)) {
      const [green, blue] = net.colours
      const all = [...green, ...blue].sort((a, b) => a - b)
      const intro =
        `Colour the cells where ${digit} has only two places in a unit, alternating green and blue: ` +
        `green ${list(green)}; blue ${list(blue)}. In each such pair one cell is ${digit}, so either all ` +
        `green cells are ${digit} or all blue ones are.`

      // Colour wrap: two cells of one colour in one unit.
      for (const [name, cells] of [
        ['green', green],
        ['blue', blue],
      ] as const) {
        const clash = clashingPair(cells)
        if (!clash) continue
        steps.push({
          technique: 'simple-colouring',
          placements: [],
          eliminations: cells.map((cell) => ({ cell, digit })),
          cells: all,
          units: net.units,
          text:
            `${intro} But ${cellName(clash[0])} and ${cellName(clash[1])} are both ${name} and see each ` +
            `other, so ${name} cannot be ${digit}: remove ${digit} from every ${name} cell (${list(cells)}).`,
        })
      }

      // Colour trap: an uncoloured cell that sees both colours.
      const inNet = new Set(all)
      const eliminations: { cell: Cell; digit: Digit }[] = []
      const reasons: string[] = []
      for (let cell = 0; cell < CELLS; cell++) {
        if (inNet.has(cell) || !(cands[cell] & bit) || bitCount(cands[cell]) < 2) continue
        const g = green.find((c) => peers[cell].includes(c))
        const b = blue.find((c) => peers[cell].includes(c))
        if (g === undefined || b === undefined) continue
        eliminations.push({ cell, digit })
        reasons.push(`${cellName(cell)} sees ${cellName(g)} (green) and ${cellName(b)} (blue)`)
      }
      if (eliminations.length === 0) continue
      steps.push({
        technique: 'simple-colouring',
        placements: [],
        eliminations,
        cells: all,
        units: net.units,
        text: `${intro} ${reasons.join('; ')}, so ${digit} can be removed from ${eliminations.length > 1 ? 'them' : 'it'}.`,
      })
    }
  }
  return steps
}

function clashingPair(cells: readonly Cell[]): [Cell, Cell] | null {
  for (let i = 0; i < cells.length; i++) for (let j = i + 1; j < cells.length; j++) if (peers[cells[i]].includes(cells[j])) return [cells[i], cells[j]]
  return null
}
