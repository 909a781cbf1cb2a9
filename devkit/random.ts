/**
 * Seeded random numbers for tests, benchmarks and training, so a run can be repeated exactly.
 * Two generators because existing data depends on each: training and synthetic pages use rng
 * (mulberry32); the soundness states and solving sessions use seededRandom (an LCG).
 */

/** Deterministic PRNG (mulberry32) so training runs are repeatable. */
export function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function gaussian(r: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r())
}

/** A small seeded generator so failures can be replayed. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

/**
 * Seeded random numbers from a text (its FNV-1a hash, then an LCG), so the views made from a
 * photo's name repeat exactly.
 */
export function textRandom(text: string): () => number {
  let state = 2166136261
  for (let i = 0; i < text.length; i++) state = Math.imul(state ^ text.charCodeAt(i), 16777619) >>> 0
  state &= 0x7fffffff
  return () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff
}
