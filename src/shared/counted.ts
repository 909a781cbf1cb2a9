/** A count with its noun, the one way the app writes one: 1 -> "1 frame", 0 or 2 -> "0 frames", "2 frames". */
export function counted(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${nounFor(n, noun, plural)}`
}

/** The noun alone, for where the number is set apart (bold in the panel). */
export function nounFor(n: number, noun: string, plural = `${noun}s`): string {
  return n === 1 ? noun : plural
}
