import { describe, expect, it } from 'vitest'
import { appMode, nextStep } from '../../../src/renderer/src/state/app-mode'

const base = { editingGivens: false, givenCount: 30, fromRead: false, solved: false }

describe('appMode', () => {
  it('is entering while givens are edited, reviewing a fresh read, playing, then solved', () => {
    expect(appMode({ ...base, editingGivens: true, fromRead: true })).toBe('entering')
    expect(appMode({ ...base, fromRead: true })).toBe('reviewing')
    expect(appMode(base)).toBe('playing')
    expect(appMode({ ...base, fromRead: true, solved: true })).toBe('solved')
  })

  it('says what to do next, naming the keys', () => {
    expect(nextStep('entering', { ...base, editingGivens: true, givenCount: 0 })).toMatch(/open a photo \(O\)/)
    expect(nextStep('reviewing', { ...base, fromRead: true })).toMatch(/Type over a wrong digit/)
  })
})
