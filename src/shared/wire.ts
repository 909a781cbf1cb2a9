/**
 * The web host's body format for values that may hold binary data (camera frames, films): JSON
 * for the structure, with each Uint8Array moved out into raw bytes after it. A 10 MB frame costs a
 * copy, not a 13 MB base64 string parsed and decoded in JavaScript. Electron IPC clones Uint8Array
 * natively and needs none of this. Plain TypeScript, so it runs in the renderer and Node alike.
 *
 *   "SLW1" | JSON length (u32, big-endian) | JSON {"v": value, "b": [byte lengths]} | bytes…
 *
 * In the JSON a Uint8Array is `{"$bytes": i}`, the i-th run of bytes.
 */
export const WIRE_CONTENT_TYPE = 'application/x-sudoku-lens-wire'

// Present in every runtime this module runs in (browsers, workers, Node), but typed only by the DOM
// and Node libraries, which src/shared leaves out on purpose.
declare const TextEncoder: new () => { encode(text: string): Uint8Array }
declare const TextDecoder: new (label: string, options: { fatal: boolean }) => { decode(bytes: Uint8Array): string }

const MAGIC = [0x53, 0x4c, 0x57, 0x31] // "SLW1"
const HEADER = MAGIC.length + 4

/** The body is not in this format; the host answers 400. */
export class WireError extends Error {
  override name = 'WireError'
}

export function encodeWireBinary(value: unknown): Uint8Array {
  const blobs: Uint8Array[] = []
  // The holder's own value, not what toJSON made of it: a Node Buffer is a Uint8Array too.
  const valueJson = JSON.stringify(value, function (this: Record<string, unknown>, key, v: unknown) {
    const raw = this[key]
    return raw instanceof Uint8Array ? { $bytes: blobs.push(raw) - 1 } : v
  })
  const json = new TextEncoder().encode(`{${valueJson === undefined ? '' : `"v":${valueJson},`}"b":${JSON.stringify(blobs.map((b) => b.byteLength))}}`)
  const out = new Uint8Array(HEADER + json.byteLength + blobs.reduce((n, b) => n + b.byteLength, 0))
  out.set(MAGIC, 0)
  new DataView(out.buffer).setUint32(MAGIC.length, json.byteLength)
  out.set(json, HEADER)
  let at = HEADER + json.byteLength
  for (const blob of blobs) {
    out.set(blob, at)
    at += blob.byteLength
  }
  return out
}

/**
 * The inverse of `encodeWireBinary`. The JSON part may be at most `maxJsonBytes` (a structure is
 * small; only bytes are large), and the byte runs must fill the rest exactly. Byte values are
 * views into `body`, not copies.
 */
export function decodeWireBinary(body: Uint8Array, maxJsonBytes = 64 * 1024): unknown {
  if (body.byteLength < HEADER || MAGIC.some((m, i) => body[i] !== m)) throw new WireError('Not a Sudoku Lens request body')
  const jsonLength = new DataView(body.buffer, body.byteOffset, body.byteLength).getUint32(MAGIC.length)
  if (jsonLength > maxJsonBytes || HEADER + jsonLength > body.byteLength) throw new WireError('Request structure too large or cut off')
  let envelope: unknown
  try {
    envelope = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body.subarray(HEADER, HEADER + jsonLength)))
  } catch {
    throw new WireError('Request structure is not JSON')
  }
  const { v, b } = (envelope ?? {}) as { v?: unknown; b?: unknown }
  if (!Array.isArray(b) || !b.every((n) => Number.isSafeInteger(n) && n >= 0)) throw new WireError('Request byte lengths are malformed')
  const blobs: Uint8Array[] = []
  let at = HEADER + jsonLength
  for (const length of b as number[]) {
    blobs.push(body.subarray(at, at + length))
    at += length
  }
  if (at !== body.byteLength) throw new WireError('Request bytes do not match their lengths')
  const revive = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(revive)
    if (!x || typeof x !== 'object') return x
    const record = x as Record<string, unknown>
    const keys = Object.keys(record)
    if (keys.length === 1 && keys[0] === '$bytes') {
      const index = record.$bytes
      if (!Number.isInteger(index) || (index as number) < 0 || (index as number) >= blobs.length)
        throw new WireError('Request refers to bytes it does not carry')
      return blobs[index as number]
    }
    // fromEntries defines own properties: a "__proto__" key stays a key for the guards to refuse.
    return Object.fromEntries(keys.map((k) => [k, revive(record[k])]))
  }
  return revive(v)
}
