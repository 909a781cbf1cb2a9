/**
 * How hard a puzzle is for a person: the hardest technique the logical solve needed, a score that
 * also counts how much work it took, and a level on the usual easy / medium / hard / expert /
 * extreme scale. The level comes from the hardest technique, which is what decides whether a
 * player can finish at all; the score orders puzzles within a level. Besides, `explainer` puts the
 * puzzle on Sudoku Explainer's numeric scale (logic/explainer-scale.ts), the one the forums use.
 */
import type { Grid } from './board'
import type { Step, Technique } from './logic/step'
import { stepDifficulty } from './logic/explainer-scale'
import { techniqueRank } from './logic/techniques'
import { type LogicalSolveOptions, type LogicalSolveStatus, logicalSolve } from './logical-solve'

export type DifficultyLevel = 'easy' | 'medium' | 'hard' | 'expert' | 'extreme'

export const DIFFICULTY_LEVELS: readonly DifficultyLevel[] = ['easy', 'medium', 'hard', 'expert', 'extreme']

/** The level each technique puts a puzzle at, at least. */
export const TECHNIQUE_LEVEL: Record<Technique, DifficultyLevel> = {
  'full-house': 'easy',
  'naked-single': 'easy',
  'hidden-single': 'easy',
  'locked-candidates-pointing': 'medium',
  'locked-candidates-claiming': 'medium',
  'naked-pair': 'medium',
  'hidden-pair': 'medium',
  'naked-triple': 'medium',
  'hidden-triple': 'hard',
  'naked-quad': 'hard',
  'hidden-quad': 'hard',
  'x-wing': 'hard',
  swordfish: 'hard',
  jellyfish: 'expert',
  'finned-fish': 'expert',
  skyscraper: 'hard',
  'two-string-kite': 'hard',
  'turbot-fish': 'hard',
  'empty-rectangle': 'hard',
  'xy-wing': 'hard',
  'xyz-wing': 'hard',
  'w-wing': 'hard',
  'simple-colouring': 'expert',
  'unique-rectangle-1': 'expert',
  'unique-rectangle-2': 'expert',
  'unique-rectangle-3': 'expert',
  'unique-rectangle-4': 'expert',
  'unique-rectangle-5': 'expert',
  'unique-rectangle-6': 'expert',
  'hidden-rectangle': 'expert',
  'avoidable-rectangle-1': 'expert',
  'avoidable-rectangle-2': 'expert',
  'sue-de-coq': 'expert',
  'bug-plus-one': 'expert',
  'als-xz': 'expert',
  'x-chain': 'expert',
  'xy-chain': 'expert',
  'als-xy-wing': 'extreme',
  aic: 'extreme',
  'continuous-nice-loop': 'extreme',
  'discontinuous-nice-loop': 'extreme',
  'grouped-x-chain': 'extreme',
  'grouped-aic': 'extreme',
  'forcing-chain': 'extreme',
  'forcing-net': 'extreme',
  'brute-force': 'extreme',
}

/** Points per use of a technique (after HoDoKu's scoring): singles are cheap, chains dear. */
export const TECHNIQUE_SCORE: Record<Technique, number> = {
  'full-house': 4,
  'naked-single': 4,
  'hidden-single': 14,
  'locked-candidates-pointing': 50,
  'locked-candidates-claiming': 50,
  'naked-pair': 60,
  'hidden-pair': 70,
  'naked-triple': 80,
  'hidden-triple': 100,
  'naked-quad': 120,
  'hidden-quad': 150,
  'x-wing': 140,
  swordfish: 150,
  jellyfish: 160,
  'finned-fish': 180,
  skyscraper: 130,
  'two-string-kite': 150,
  'turbot-fish': 150,
  'empty-rectangle': 150,
  'xy-wing': 160,
  'xyz-wing': 180,
  'w-wing': 150,
  'simple-colouring': 150,
  'unique-rectangle-1': 100,
  'unique-rectangle-2': 100,
  'unique-rectangle-3': 100,
  'unique-rectangle-4': 100,
  'unique-rectangle-5': 100,
  'unique-rectangle-6': 100,
  'hidden-rectangle': 100,
  'avoidable-rectangle-1': 100,
  'avoidable-rectangle-2': 100,
  'sue-de-coq': 250,
  'bug-plus-one': 100,
  'als-xz': 300,
  'x-chain': 260,
  'xy-chain': 260,
  'als-xy-wing': 320,
  aic: 280,
  'continuous-nice-loop': 280, // HoDoKu scores nice loops as AICs, grouped chains higher
  'discontinuous-nice-loop': 280,
  'grouped-x-chain': 300,
  'grouped-aic': 300,
  'forcing-chain': 500,
  'forcing-net': 700,
  'brute-force': 1000,
}

export interface TechniqueUse {
  readonly technique: Technique
  readonly count: number
}

export interface Rating {
  /** 'solved' when the puzzle has exactly one solution; otherwise there is nothing to rate. */
  readonly status: LogicalSolveStatus
  readonly level: DifficultyLevel | null
  /** Sum of TECHNIQUE_SCORE over every step taken. */
  readonly score: number
  /** The hardest technique the solve needed. */
  readonly hardest: Technique | null
  /** Each technique used and how often, easiest first. */
  readonly techniques: TechniqueUse[]
  /** Steps taken by the logical solve. */
  readonly steps: number
  /**
   * Sudoku Explainer's figure for the puzzle: its hardest step's (explainer-scale.ts has the
   * mapping), 1.0 for a full house up to 9.5+ for nested forcing nets; 0 when there is no step.
   */
  readonly explainer: number
}

export function ratePuzzle(grid: Grid, options: LogicalSolveOptions = {}): Rating {
  const result = logicalSolve(grid, { ...options, bruteForce: true })
  if (result.status !== 'solved') {
    return { status: result.status, level: null, score: 0, hardest: null, techniques: [], steps: 0, explainer: 0 }
  }
  return { status: 'solved', ...rateSteps(result.steps) }
}

/** The rating of a solve path. */
export function rateSteps(steps: readonly Step[]): Omit<Rating, 'status'> {
  const counts = new Map<Technique, number>()
  let score = 0
  let explainer = 0
  for (const step of steps) {
    explainer = Math.max(explainer, stepDifficulty(step))
    counts.set(step.technique, (counts.get(step.technique) ?? 0) + 1)
    score += TECHNIQUE_SCORE[step.technique]
  }
  const techniques = [...counts.entries()]
    .map(([technique, count]) => ({ technique, count }))
    .sort((a, b) => techniqueRank(a.technique) - techniqueRank(b.technique))
  let level: DifficultyLevel = 'easy'
  let hardest: Technique | null = null
  for (const { technique } of techniques) {
    if (hardest === null || techniqueRank(technique) > techniqueRank(hardest)) hardest = technique
    const l = TECHNIQUE_LEVEL[technique]
    if (DIFFICULTY_LEVELS.indexOf(l) > DIFFICULTY_LEVELS.indexOf(level)) level = l
  }
  return { level, score, hardest, techniques, steps: steps.length, explainer }
}
