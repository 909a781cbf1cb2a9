/**
 * A few board states quoted from HoDoKu (B. Hobiger): its chain solver's tests (ChainSolver.java)
 * and its technique exemplars (exemplars-1.0), in HoDoKu's library line format (read by
 * hodoku-line.ts). A board state and the candidates a step removes from it are facts, not
 * expression: they are quoted here, each with its source, because the owned cases
 * (technique-cases.txt) check soundness but not the reach of a finder against an independent
 * engine's answer. No HoDoKu code or file is copied.
 */
export const PUBLISHED = {
  /** XY-Chain of 9 cells => r4c4, r6c4, r8c5<>9. */
  xyChainLong:
    ':0702:9:.62143.5.1..5.8.3.5..7.9....28.154..4.56.2..3.16.8.52.6.9851..225...6..1..123.695:711 817 919 422 727 729 929 837 438 838 639 757 957 758 961 772 787 788 792:944 964 985:',
  /** Continuous Nice Loop 8/9 r2c3 =9= ... => r8c4<>3, r2c67<>8, r6c3<>9. */
  continuousNiceLoop:
    ':0706::6.752.4..54..6..7..2.497.5..7524...1..41895.78....5.4.48...2.9575..1...4..6.547.8:112 316 318 123 323 327 329 137 647 364 374 684 288 391:384 826 827 963:',
  /** Uniqueness Test 5 (exemplars-1.0, #0604 "diagonal variant"): 1 in r6c1, r3c2 => r7c4<>1. */
  ur5: ':0604:1:75.+98+2.+312.96.3+58+7..8.+5+79..+8..+5+9437+6+6..+32+1+8+9+5+5938+7+6.....5..+92.+8+98.2.57.34...3+8.59:132 438 468 172 175 188 192 193:174:',
  /**
   * The states below are where this project's solver, given HoDoKu's exemplar puzzle (exemplars-1.0)
   * and only the techniques its line names, first meets the technique; HoDoKu's count is given.
   * Uniqueness Test 6 (#0605 .73..........3......8...2.1...7..8.6...6284.32....4.5.5.9.......4..........5123..): => r7c5, r8c7<>6
   */
  ur6: ':0605:6:+173+2+8..+6+4+4..+13+6...+6.8...2+31+9+3+47+5+18+26+7..6284+932+8+6+3+94+15+75.9..+3...+34.......+8+6+75123+4+9::675 687:',
  /** Avoidable Rectangle 2 (#0607 9.....6....1..6.387.6.8...........76..41......5.947.2.2.......5...25........9...1): => r4c3, r7c2, r8c2<>9 */
  ar2: ':0608:9:9+8....6+4+7..1..6+9387.6.8+9+5+1+2+1...+3.+476+3+741+6+2+8+5+9+65+8947+12+32.....+3.5+8..25.+7.+4....9.+2.1:474 494:943 972 982:',
  /** Avoidable Rectangle 1 (#0607 ...195..2635..........3...88.........5.9..71.1..2....9..468..51......4.......7.2.), after every technique: => r9c4<>3 */
  ar1: ':0607:3:...195+6+32635+8.+2+1+9.+9...3+6+5.88.....+2+6+5.5.9+6+871.1..2+5...9..468..51+3..+5+2.4..+5....7.2.:432 732 733 742 743 444 445 346 462 363 972 782 982 783 893 397:394:',
} as const
