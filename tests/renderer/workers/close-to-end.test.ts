/**
 * closeToEnd on real streams (Node's ReadableStream) of chunks that count their closes: the camera
 * stream's frames must all be closed when a stream stops, or Chromium warns as it collects them.
 */
import { describe, expect, it } from 'vitest'
import { closeToEnd } from '../../../src/renderer/src/workers/close-to-end'

class Frame {
  closed = 0
  close(): void {
    this.closed++
  }
}

const later = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** A stream that hands over `frames`, each `everyMs` after the last, then ends (or, with `end: false`, never does). */
function stream(frames: Frame[], everyMs: number, end = true): ReadableStream<Frame> {
  let next = 0
  return new ReadableStream<Frame>(
    {
      async pull(controller) {
        await later(everyMs)
        if (next < frames.length) controller.enqueue(frames[next++])
        else if (end) controller.close()
        else await new Promise(() => undefined)
      },
    },
    { highWaterMark: 0 },
  )
}

/** The reader, counting the cancels asked of it. */
function cancelCounted(reader: ReadableStreamDefaultReader<Frame>): ReadableStreamDefaultReader<Frame> & { cancels: number } {
  const counted = Object.assign(reader, { cancels: 0 })
  const cancel = reader.cancel.bind(reader)
  counted.cancel = (reason?: unknown) => (counted.cancels++, cancel(reason))
  return counted
}

describe('closeToEnd', () => {
  it('closes every frame that comes before the stream ends, however late', async () => {
    // Frames 150 ms apart: a wait of tens of milliseconds for an empty queue, cancelling after it, drops them.
    const frames = Array.from({ length: 4 }, () => new Frame())
    await closeToEnd(stream(frames, 150).getReader(), 5000)
    expect(frames.map((f) => f.closed)).toEqual([1, 1, 1, 1])
  })

  it('cancels a stream that does not end in time, closing what came before', async () => {
    const frames = Array.from({ length: 3 }, () => new Frame())
    const reader = cancelCounted(stream(frames, 20, false).getReader())
    await closeToEnd(reader, 300)
    expect(reader.cancels).toBe(1)
    expect(frames.map((f) => f.closed)).toEqual([1, 1, 1])
  })

  it('leaves a stream that ended alone', async () => {
    const reader = cancelCounted(stream([new Frame()], 0).getReader())
    await closeToEnd(reader, 5000)
    expect(reader.cancels).toBe(0)
  })
})
