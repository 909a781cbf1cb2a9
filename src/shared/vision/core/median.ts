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

/**
 * The middle value (the upper one of an even count) of the first `count` of `values`, which are
 * reordered: a quickselect, for medians taken hundreds of times a look.
 */
export function middleOf(values: Float32Array, count: number): number {
  const k = count >> 1
  let lo = 0
  let hi = count - 1
  while (lo < hi) {
    const pivot = values[(lo + hi) >> 1]
    let i = lo
    let j = hi
    while (i <= j) {
      while (values[i] < pivot) i++
      while (values[j] > pivot) j--
      if (i <= j) {
        const swap = values[i]
        values[i++] = values[j]
        values[j--] = swap
      }
    }
    if (k <= j) hi = j
    else if (k >= i) lo = i
    else return values[k]
  }
  return values[k]
}
