/**
 * Turns a forcing proof (engine/forcing-search.ts) into a Step: the conclusion, the links to draw, and the
 * reasoning in words, one branch at a time: "If r1c2 is 5, then r1c7 is not 5, so r2c8 is 5 (the
 * only place left for 5 in box 3), ..., so r4c4 is not 3."
 */
import { boxOf, cellName, unitName } from '../../board'
import { capitalise, joinOr, listDigitsOr, uniqueCells } from '../common'
import { type Fact, type Propagation, ancestry, factCell, factDigit, factIsTrue, name } from './forcing-facts'
import type { ForcingBranch, ForcingProof } from './forcing-search'
import type { Link, Step, Technique } from '../step'

function because(p: Propagation, fact: Fact): string {
  const reason = p.reason(fact)
  const digit = factDigit(fact)
  switch (reason.kind) {
    case 'naked-single':
      return ' (the only digit left there)'
    case 'hidden-single':
      return ` (the only place left for ${digit} in ${unitName(reason.unit)})`
    case 'locked':
      return ` (${digit} in ${unitName(reason.unit)} lies in ${unitName(reason.within)})`
    case 'nested': {
      const inner = reason.inner
      const path = ancestry(inner, inner.contradiction!)
      return ` (because, by then: ${pathText(inner, path).replace(/\.$/, '')})`
    }
    default:
      return ''
  }
}

/** One branch in words, from its assumption to its last fact (or the contradiction). */
function pathText(propagation: Propagation, path: readonly Fact[]): string {
  const [first, ...rest] = path
  const steps = rest.map((f) => `${name(f)}${because(propagation, f)}`)
  const clash = propagation.contradiction ? `, and then ${propagation.clash}` : ''
  return `if ${name(first)}${steps.length ? `, then ${steps.join(', ')}` : ''}${clash}.`
}

const branchText = (branch: ForcingBranch): string => capitalise(pathText(branch.propagation, branch.path))

function linksOf(branches: readonly ForcingBranch[]): Link[] {
  const seen = new Set<string>()
  const links: Link[] = []
  for (const { propagation, path } of branches)
    for (const fact of path)
      for (const premise of propagation.premises(fact)) {
        const key = `${premise}>${fact}`
        if (seen.has(key)) continue
        seen.add(key)
        links.push({
          from: { cells: [factCell(premise)], digit: factDigit(premise) },
          to: { cells: [factCell(fact)], digit: factDigit(fact) },
          kind: factIsTrue(fact) ? 'strong' : 'weak',
        })
      }
  return links
}

function intro(proof: ForcingProof): string {
  const { conclusion, anchor, branches } = proof
  const what = name(conclusion)
  switch (proof.kind) {
    case 'contradiction':
      return `Suppose ${name(branches[0].assumption)}: that leads to a contradiction, so ${what}.`
    case 'digit':
      return `${name(branches[0].assumption)} or it is not, and either way ${what}.`
    case 'cell': {
      const digits = branches.map((b) => factDigit(b.assumption))
      return `${cellName(anchor)} is ${listDigitsOr(digits)}, and each of them leads to ${what} (or to a contradiction).`
    }
    case 'unit': {
      const digit = factDigit(branches[0].assumption)
      const cells = branches.map((b) => factCell(b.assumption))
      return `${digit} goes in ${joinOr(cells.map(cellName))} in ${unitName(anchor)}, and each of them leads to ${what} (or to a contradiction).`
    }
  }
}

export function forcingStep(technique: Technique, proof: ForcingProof, difficulty: number): Step {
  const { conclusion, branches } = proof
  const cell = factCell(conclusion)
  const digit = factDigit(conclusion)
  const change = [{ cell, digit }]
  return {
    technique,
    placements: factIsTrue(conclusion) ? change : [],
    eliminations: factIsTrue(conclusion) ? [] : change,
    cells: uniqueCells(branches.flatMap((b) => b.path.map(factCell))),
    // Where a concrete hint points: the conclusion's box, and the unit a unit forcing starts from.
    units: proof.kind === 'unit' ? [proof.anchor, 18 + boxOf(cell)] : [18 + boxOf(cell)],
    text: `${capitalise(intro(proof))} ${branches.map(branchText).join(' ')}`,
    links: linksOf(branches),
    difficulty,
  }
}
