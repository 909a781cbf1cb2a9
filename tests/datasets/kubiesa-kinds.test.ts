/**
 * datasets/kubiesa-kinds.txt (which digits of the Kubiesa pen photos are printed givens and which
 * written entries, derived by training/kubiesa-kinds/) against the photos' labels and the rules.
 */
import { describe, expect, it } from 'vitest'
import { MARKS_LABEL, hasPenPhotos, listPenPhotos, parsePenKinds, readPenKinds } from '../../datasets/kubiesa'
import { solve } from '../../src/shared/sudoku/solver'
import { findConflicts } from '../../src/shared/sudoku/validate'

const present = hasPenPhotos('train') && hasPenPhotos('val')
if (!present) console.warn('kubiesa-kinds.test: skipped, the Kubiesa pen photos are not in the shared data (datasets/paths.ts)')

describe('parsePenKinds', () => {
  it('reads one line per puzzle and skips comments', () => {
    const kinds = parsePenKinds(`# a comment\n01_02 ${'g'.repeat(20)}${'e'.repeat(20)}${'m'.repeat(20)}${'.'.repeat(21)}\n`)
    expect([...kinds.keys()]).toEqual(['01_02'])
    expect(kinds.get('01_02')!.slice(19, 22)).toEqual(['given', 'entry', 'entry'])
    expect(kinds.get('01_02')![80]).toBe('empty')
  })

  it('refuses a short line, an unknown character and a repeated puzzle', () => {
    expect(() => parsePenKinds(`01_02 ${'g'.repeat(80)}`)).toThrow(/expected 81/)
    expect(() => parsePenKinds(`01_02 ${'g'.repeat(80)}x`)).toThrow(/expected 81/)
    expect(() => parsePenKinds(`01_02 ${'.'.repeat(81)}\n01_02 ${'.'.repeat(81)}`)).toThrow(/twice/)
  })
})

describe.skipIf(!present)('kubiesa-kinds.txt', () => {
  const photos = present ? [...listPenPhotos('train'), ...listPenPhotos('val')] : []
  const kinds = readPenKinds()

  it('has one line per puzzle of both splits, and every photo carries its kinds', () => {
    expect([...kinds.keys()].sort()).toEqual([...new Set(photos.map((p) => p.puzzle))].sort())
    expect(kinds.size).toBe(40)
    for (const p of photos) expect(p.kinds).toEqual(kinds.get(p.puzzle))
  })

  it('agrees with the labels: a digit under g and e, 10 under m, 0 under .', () => {
    for (const p of photos) {
      const wrong = p.kinds!.flatMap((kind, cell) => {
        const label = p.labels[cell]
        const ok = kind === 'empty' ? label === 0 : kind === 'marks' ? label === MARKS_LABEL : label >= 1 && label <= 9
        return ok ? [] : [`${cell}: ${kind} over label ${label}`]
      })
      expect(wrong, p.name).toEqual([])
    }
  })

  it('gives every puzzle consistent givens with exactly one solution', () => {
    for (const [puzzle, cellKinds] of kinds) {
      const labels = photos.find((p) => p.puzzle === puzzle)!.labels
      const givens = Uint8Array.from(labels, (d, cell) => (cellKinds[cell] === 'given' ? d : 0))
      expect(findConflicts(givens), puzzle).toEqual([])
      expect(solve(givens, { limit: 2 }).count, puzzle).toBe(1)
    }
  })
})
