/**
 * Two board states quoted from HoDoKu's chain solver tests (ChainSolver.java, B. Hobiger), in
 * HoDoKu's library line format (read by hodoku-line.ts). A board state and the candidates a step
 * removes from it are facts, not expression: they are quoted here, with their source, because no
 * owned case (technique-cases.txt) has a 9-cell XY-Chain or a continuous Nice Loop to check the
 * finders' reach against an independent engine's answer. No HoDoKu code or file is copied.
 */
export const PUBLISHED = {
  /** XY-Chain of 9 cells => r4c4, r6c4, r8c5<>9. */
  xyChainLong: ':0702:9:.62143.5.1..5.8.3.5..7.9....28.154..4.56.2..3.16.8.52.6.9851..225...6..1..123.695:711 817 919 422 727 729 929 837 438 838 639 757 957 758 961 772 787 788 792:944 964 985:',
  /** Continuous Nice Loop 8/9 r2c3 =9= ... => r8c4<>3, r2c67<>8, r6c3<>9. */
  continuousNiceLoop: ':0706::6.752.4..54..6..7..2.497.5..7524...1..41895.78....5.4.48...2.9575..1...4..6.547.8:112 316 318 123 323 327 329 137 647 364 374 684 288 391:384 826 827 963:',
} as const
