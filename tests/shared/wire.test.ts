import { describe, expect, it } from 'vitest'
import { decodeWireBinary, encodeWireBinary, WireError } from '../../src/shared/wire'

describe('wire codec', () => {
  it('carries binary data nested in objects, as raw bytes after the JSON', () => {
    const value = { frame: Uint8Array.of(1, 2, 255), list: [Uint8Array.of(9), new Uint8Array(0)], n: 3, s: 'x', none: null }
    expect(decodeWireBinary(encodeWireBinary(value))).toEqual(value)
    // The bytes travel as they are, not as base64 (a third larger).
    expect(encodeWireBinary({ jpeg: new Uint8Array(30_000) }).byteLength).toBeLessThan(30_100)
    expect(decodeWireBinary(encodeWireBinary(undefined))).toBeUndefined()
    expect(decodeWireBinary(encodeWireBinary(Buffer.from([7, 8])))).toEqual(Uint8Array.of(7, 8))
  })

  it('decodes a 16 MB frame as a view into the body, not a copy', () => {
    const frame = new Uint8Array(16 * 1024 * 1024).fill(7)
    const body = encodeWireBinary({ id: 'x', jpeg: frame })
    const decoded = decodeWireBinary(body) as { jpeg: Uint8Array }
    expect(decoded.jpeg.buffer).toBe(body.buffer)
    expect(decoded.jpeg.byteLength).toBe(frame.byteLength)
  })

  it('refuses bodies that are not its format, too much structure, and lengths that do not add up', () => {
    expect(() => decodeWireBinary(new TextEncoder().encode('{"a":1}'))).toThrow(WireError)
    expect(() => decodeWireBinary(encodeWireBinary({ s: 'x'.repeat(70_000) }))).toThrow(/too large/)
    const body = encodeWireBinary({ jpeg: Uint8Array.of(1, 2, 3) })
    expect(() => decodeWireBinary(body.subarray(0, body.length - 1))).toThrow(/do not match/)
    expect(() => decodeWireBinary(encodeWireBinary({ $bytes: 0 }))).toThrow(/does not carry/)
  })

  it('keeps a __proto__ key as a key, for the guards to refuse', () => {
    const json = new TextEncoder().encode('{"v":{"__proto__":{"x":1}},"b":[]}')
    const decoded = decodeWireBinary(new Uint8Array([...encodeWireBinary({}).subarray(0, 4), 0, 0, 0, json.length, ...json])) as Record<string, unknown>
    expect(Object.hasOwn(decoded, '__proto__')).toBe(true)
    expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype)
  })
})
