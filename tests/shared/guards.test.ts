import { describe, expect, it } from 'vitest'
import { ValidationError } from '../../src/shared/guards'
import { requestGuards } from '../../src/shared/ipc'
import { DEFAULT_TIMELAPSE_SETTINGS } from '../../src/shared/timelapse/settings'

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

  it('refuses keys that name what every object inherits, however they arrive', () => {
    for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      const parsed = JSON.parse(`{"${key}": {"polluted": true}}`)
      expect(() => requestGuards['settings:set'](parsed)).toThrow(new RegExp(`${key} is not allowed`))
      expect(() => requestGuards['timelapse:stop']({ id: '20261122T153855Z-1a2b3c', ...parsed })).toThrow(/is not allowed/)
    }
    // A field the shape has must be the object's own, never one found on its prototype.
    const inherited = Object.create({ id: '20261122T153855Z-1a2b3c' })
    expect(() => requestGuards['timelapse:stop'](inherited)).toThrow(ValidationError)
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined()
  })

  it('requires every time-lapse setting and no other, down to the crop and size', () => {
    expect(requestGuards['timelapse:start']({ ...DEFAULT_TIMELAPSE_SETTINGS })).toEqual(DEFAULT_TIMELAPSE_SETTINGS)
    expect(() => requestGuards['timelapse:start']({})).toThrow(/intervalSeconds must be given/)
    const { crf: _crf, ...withoutCrf } = DEFAULT_TIMELAPSE_SETTINGS
    expect(() => requestGuards['timelapse:start'](withoutCrf)).toThrow(/crf must be given/)
    expect(() => requestGuards['timelapse:start']({ ...DEFAULT_TIMELAPSE_SETTINGS, extra: 1 })).toThrow(/extra is not allowed/)
    expect(() => requestGuards['timelapse:start']({ ...DEFAULT_TIMELAPSE_SETTINGS, crop: { kind: 'full', x: 1 } })).toThrow(/crop.x is not allowed/)
    expect(() => requestGuards['timelapse:start']({ ...DEFAULT_TIMELAPSE_SETTINGS, size: { width: 640, height: 360, depth: 3 } })).toThrow(
      /size.depth is not allowed/,
    )
    expect(() => requestGuards['timelapse:start']({ ...DEFAULT_TIMELAPSE_SETTINGS, crop: { kind: 'rect', x: 0, y: 0, width: 10 } })).toThrow(
      /crop.height must be given/,
    )
    expect(requestGuards['timelapse:start']({ ...DEFAULT_TIMELAPSE_SETTINGS, size: null }).size).toBeNull()
    expect(() => requestGuards['timelapse:encode']({ id: '20261122T153855Z-1a2b3c', settings: {} })).toThrow(/settings.intervalSeconds must be given/)
    expect(requestGuards['timelapse:encode']({ id: '20261122T153855Z-1a2b3c' })).toEqual({ id: '20261122T153855Z-1a2b3c' })
  })
})
