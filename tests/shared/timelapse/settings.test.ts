import { describe, expect, it } from 'vitest'
import {
  DEFAULT_TIMELAPSE_SETTINGS,
  filmSeconds,
  isSessionId,
  outputFrameCount,
  parseFrameSize,
  validateTimelapseSettings,
} from '../../../src/shared/timelapse/settings'

describe('filmSeconds', () => {
  it('is frames divided by shots per second of film', () => {
    expect(filmSeconds(1000, 10)).toBe(100)
    expect(filmSeconds(25, 24)).toBeCloseTo(1.0417, 3)
    expect(filmSeconds(0, 10)).toBe(0)
    expect(filmSeconds(10, 0)).toBe(0)
    expect(outputFrameCount(30, 10, 24)).toBe(72)
  })
})

describe('parseFrameSize', () => {
  it('reads WxH', () => {
    expect(parseFrameSize('1280x720')).toEqual({ width: 1280, height: 720 })
    expect(parseFrameSize(' 640 × 480 ')).toEqual({ width: 640, height: 480 })
    expect(parseFrameSize('1280')).toBeUndefined()
    expect(parseFrameSize('0x720')).toBeUndefined()
    expect(parseFrameSize('-1x2')).toBeUndefined()
  })
})

describe('validateTimelapseSettings', () => {
  it('accepts the defaults and fills in missing fields', () => {
    expect(validateTimelapseSettings(DEFAULT_TIMELAPSE_SETTINGS)).toEqual({ ok: true, value: DEFAULT_TIMELAPSE_SETTINGS })
    expect(validateTimelapseSettings({ crf: 28 })).toEqual({ ok: true, value: { ...DEFAULT_TIMELAPSE_SETTINGS, crf: 28 } })
  })

  it('accepts the edges of every range', () => {
    const v = validateTimelapseSettings({ intervalSeconds: 0.5, stopAfterFrames: 1, crf: 51, fpsIn: 1, fpsOut: 120, size: '1920x1080' })
    expect(v.ok).toBe(true)
    expect(validateTimelapseSettings({ intervalSeconds: 60, crf: 0, size: null, stopAfterFrames: null }).ok).toBe(true)
  })

  it('reports each bad field in words', () => {
    const v = validateTimelapseSettings({
      intervalSeconds: 0.4,
      stopAfterFrames: 2.5,
      fpsIn: 'ten',
      fpsOut: Infinity,
      crf: 52,
      crop: { kind: 'circle' },
      size: 'huge',
      stabilise: 'yes',
    })
    expect(v.ok).toBe(false)
    const errors = v.ok ? [] : v.errors
    for (const field of ['intervalSeconds', 'stopAfterFrames', 'fpsIn', 'fpsOut', 'crf', 'crop', 'size', 'stabilise'])
      expect(errors.some((e) => e.startsWith(field))).toBe(true)
    expect(errors).toHaveLength(8)
  })

  it('checks crop rectangles and size objects', () => {
    expect(validateTimelapseSettings({ crop: { kind: 'rect', x: 0, y: 0, width: 100, height: 80 } }).ok).toBe(true)
    expect(validateTimelapseSettings({ crop: { kind: 'rect', x: -1, y: 0, width: 100, height: 80 } }).ok).toBe(false)
    expect(validateTimelapseSettings({ size: { width: 8, height: 720 } }).ok).toBe(false)
    expect(validateTimelapseSettings(null).ok).toBe(false)
    expect(validateTimelapseSettings([]).ok).toBe(false)
  })
})

describe('isSessionId', () => {
  it('accepts only the generated shape, so no path can get through', () => {
    expect(isSessionId('20261122T153855Z-1a2b3c')).toBe(true)
    for (const bad of ['../20261122T153855Z-1a2b3c', '20261122T153855Z-1a2b3c/..', '20261122T153855Z-1A2B3C', '..', '', 42, null, '20261122T153855Z-1a2b3c\n'])
      expect(isSessionId(bad)).toBe(false)
  })
})
