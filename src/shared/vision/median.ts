/** The middle value (the upper one of an even count); the input is left as it was. */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[s.length >> 1]
}

/** The q-quantile of 8-bit values, by histogram: the least value at or below which q of them lie. */
export function byteQuantile(values: ArrayLike<number>, q: number): number {
  const histogram = new Uint32Array(256)
  for (let i = 0; i < values.length; i++) histogram[values[i]]++
  const target = q * values.length
  let seen = 0
  for (let v = 0; v < 256; v++) if ((seen += histogram[v]) >= target) return v
  return 255
}
