import { describe, expect, it } from 'vitest'
import { decodeWire, encodeWire, fromBase64, toBase64 } from '../../src/shared/wire'

describe('wire codec', () => {
  it('matches Node base64 for every padding case', () => {
    for (const length of [0, 1, 2, 3, 4, 5, 100, 1001]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 37 + length) & 255)
      expect(toBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'))
      expect(fromBase64(toBase64(bytes))).toEqual(bytes)
    }
  })

  it('carries binary data nested in objects through JSON', () => {
    const value = { frame: Uint8Array.of(1, 2, 255), list: [Uint8Array.of(9)], n: 3, s: 'x', none: null }
    expect(decodeWire(JSON.parse(JSON.stringify(encodeWire(value))))).toEqual(value)
  })

  it('refuses malformed base64', () => {
    expect(() => fromBase64('abc')).toThrow(/Invalid base64/)
    expect(() => fromBase64('ab$=')).toThrow(/Invalid base64/)
  })
})
