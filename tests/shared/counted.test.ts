import { describe, expect, it } from 'vitest'
import { counted, nounFor } from '../../src/shared/counted'

describe('a count with its noun', () => {
  it('is singular for one alone', () => {
    expect(counted(1, 'frame')).toBe('1 frame')
    expect(counted(0, 'frame')).toBe('0 frames')
    expect(counted(2, 'shot')).toBe('2 shots')
    expect(counted(1, 'recording was', 'recordings were')).toBe('1 recording was')
    expect(counted(3, 'recording was', 'recordings were')).toBe('3 recordings were')
  })

  it('gives the noun alone where the number is written apart', () => {
    expect(nounFor(1, 'shot')).toBe('shot')
    expect(nounFor(12, 'shot')).toBe('shots')
  })
})
