/**
 * Weights as text: base64 of little-endian IEEE float16, half the size of float32 and nothing lost
 * that matters to a small network (11 significant bits). Shared by every shipped model
 * (digits/classifier.ts's digit model, core/nn.ts's networks) and mirrored by the Python export scripts
 * (`numpy.float16` little-endian, then base64).
 */

// Present in every runtime this module runs in (browsers, workers, Node 16+), but typed only by the
// DOM and Node libraries, which src/shared leaves out on purpose.
declare function atob(text: string): string
declare function btoa(binary: string): string

export function base64ToBytes(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0))
}

/** Bytes to a binary string a chunk at a time: one argument per byte would overflow the stack. */
const CHUNK = 0x8000

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK))
  return btoa(binary)
}

/** float32 -> IEEE half (round to nearest). */
function toHalf(v: number): number {
  const f = new Float32Array([v])
  const x = new Uint32Array(f.buffer)[0]
  const sign = (x >>> 16) & 0x8000
  const exp = ((x >>> 23) & 0xff) - 127 + 15
  const mant = x & 0x7fffff
  if (exp <= 0) return exp < -10 ? sign : sign | ((mant | 0x800000) >> (1 - exp + 13))
  if (exp >= 31) return sign | 0x7bff // clamp: no weight is anywhere near 65504
  const h = sign | (exp << 10) | (mant >> 13)
  return mant & 0x1000 ? h + 1 : h
}

function fromHalf(h: number): number {
  const sign = h & 0x8000 ? -1 : 1
  const exp = (h >> 10) & 0x1f
  const mant = h & 0x3ff
  if (exp === 0) return sign * mant * 2 ** -24
  return sign * (1 + mant / 1024) * 2 ** (exp - 15)
}

/** The values of `parts`, back to back, as base64 float16 text. */
export function encodeHalfs(parts: readonly ArrayLike<number>[]): string {
  const total = parts.reduce((a, p) => a + p.length, 0)
  const bytes = new Uint8Array(total * 2)
  let at = 0
  for (const p of parts)
    for (let i = 0; i < p.length; i++, at += 2) {
      const h = toHalf(p[i])
      bytes[at] = h & 255
      bytes[at + 1] = h >> 8
    }
  return bytesToBase64(bytes)
}

/** base64 float16 text back to float32 values. */
export function decodeHalfs(text: string): Float32Array {
  const bytes = base64ToBytes(text)
  const flat = new Float32Array(bytes.byteLength >> 1)
  for (let i = 0; i < flat.length; i++) flat[i] = fromHalf(bytes[2 * i] | (bytes[2 * i + 1] << 8))
  return flat
}
