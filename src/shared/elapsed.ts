/** Elapsed time as a clock, the one way the app writes it (the timer, the recording, the film's stamp). */

/** 75 -> "1:15", 3725 -> "1:02:05"; fractions of a second are dropped, and a negative time is 0:00. */
export function formatElapsed(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const ss = String(s % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`
}
