/**
 * JSON for values that may hold binary data (camera frames, exported images): a Uint8Array travels
 * as `{ "$bytes": "<base64>" }`. Electron IPC clones Uint8Array natively; the web host needs this.
 * Plain TypeScript base64 so the module runs in the renderer, workers and Node alike.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const LOOKUP = new Uint8Array(128)
for (let i = 0; i < ALPHABET.length; i++) LOOKUP[ALPHABET.charCodeAt(i)] = i

export function toBase64(bytes: Uint8Array): string {
  const parts: string[] = []
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0)
    const pad = i + 2 >= bytes.length ? (i + 1 >= bytes.length ? 2 : 1) : 0
    parts.push(
      ALPHABET[(n >> 18) & 63] +
        ALPHABET[(n >> 12) & 63] +
        (pad === 2 ? '=' : ALPHABET[(n >> 6) & 63]) +
        (pad >= 1 ? '=' : ALPHABET[n & 63]),
    )
  }
  return parts.join('')
}

export function fromBase64(text: string): Uint8Array {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) throw new TypeError('Invalid base64 data')
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0
  const out = new Uint8Array((text.length / 4) * 3 - padding)
  for (let i = 0, o = 0; i < text.length; i += 4) {
    const n =
      (LOOKUP[text.charCodeAt(i)] << 18) |
      (LOOKUP[text.charCodeAt(i + 1)] << 12) |
      (LOOKUP[text.charCodeAt(i + 2)] << 6) |
      LOOKUP[text.charCodeAt(i + 3)]
    if (o < out.length) out[o++] = (n >> 16) & 255
    if (o < out.length) out[o++] = (n >> 8) & 255
    if (o < out.length) out[o++] = n & 255
  }
  return out
}

/** Replaces every Uint8Array in a JSON-like value with its `$bytes` form. */
export function encodeWire(value: unknown): unknown {
  if (value instanceof Uint8Array) return { $bytes: toBase64(value) }
  if (Array.isArray(value)) return value.map(encodeWire)
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encodeWire(v)]))
  }
  return value
}

/** The inverse of `encodeWire`. */
export function decodeWire(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeWire)
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>
    const keys = Object.keys(record)
    if (keys.length === 1 && keys[0] === '$bytes' && typeof record.$bytes === 'string') return fromBase64(record.$bytes)
    return Object.fromEntries(keys.map((k) => [k, decodeWire(record[k])]))
  }
  return value
}
