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
    expect(() => requestGuards['file:save']({ name: '../x.txt', data: '' })).toThrow(/matching/)
    expect(requestGuards['file:save']({ name: 'puzzle.sudoku', data: '1' })).toEqual({ name: 'puzzle.sudoku', data: '1' })
    expect(requestGuards['file:save']({ name: 'solved.png', data: Uint8Array.of(1) }).data).toEqual(Uint8Array.of(1))
    expect(() => requestGuards['file:save']({ name: 'x.png', data: 5 })).toThrow(/binary data/)
  })
})
