import { describe, expect, it } from 'vitest'
import { ValidationError } from '../../src/shared/guards'
import { requestGuards } from '../../src/shared/ipc'

describe('IPC request guards', () => {
  it('accepts a valid settings patch and drops nothing', () => {
    expect(requestGuards['settings:set']({ mirrorPreview: true, cameraDeviceId: null })).toEqual({ mirrorPreview: true, cameraDeviceId: null })
  })

  it('refuses wrong types, unknown keys and non-objects with the field named', () => {
    expect(() => requestGuards['settings:set']({ mirrorPreview: 'yes' })).toThrow(/mirrorPreview must be true or false/)
    expect(() => requestGuards['settings:set']({ evil: 1 })).toThrow(/evil is not allowed/)
    expect(() => requestGuards['settings:set']('x')).toThrow(ValidationError)
    expect(() => requestGuards['app:info']({ a: 1 })).toThrow(ValidationError)
  })

  it('refuses file names that could escape a folder', () => {
    expect(() => requestGuards['file:save-text']({ name: '../x.txt', text: '' })).toThrow(/matching/)
    expect(requestGuards['file:save-text']({ name: 'puzzle.sudoku', text: '1' })).toEqual({ name: 'puzzle.sudoku', text: '1' })
  })
})
