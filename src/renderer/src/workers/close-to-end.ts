/** What a stream hands over that holds a resource until closed: a camera's VideoFrame. */
export interface Closable {
  close(): void
}

/**
 * Reads a stream to its end, closing every chunk, then cancels it if it has not ended within
 * `limitMs`. A cancel alone drops the chunks still on their way unclosed: those queued here, and,
 * for a stream transferred from the page, those the page had already posted, which arrive after
 * it. Chromium warns when it collects such a frame ("A VideoFrame was garbage collected without
 * being closed"), and the camera may stall until it does.
 */
export async function closeToEnd<T extends Closable>(reader: ReadableStreamDefaultReader<T>, limitMs: number): Promise<void> {
  const deadline = performance.now() + limitMs
  for (;;) {
    const read = reader.read()
    const waited = Math.max(0, deadline - performance.now())
    let timer: ReturnType<typeof setTimeout> | undefined
    const next = await Promise.race([read, new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waited)))])
    clearTimeout(timer)
    if (next === null) {
      // Resolves the waiting read as done, so no later chunk is handed to it; but a chunk that
      // reached it between the timeout and the cancel is in its result, and is closed too.
      await reader.cancel().catch(() => undefined)
      const late = await read.catch(() => null)
      if (late && !late.done) late.value.close()
      return
    }
    if (next.done) return
    next.value.close()
  }
}
