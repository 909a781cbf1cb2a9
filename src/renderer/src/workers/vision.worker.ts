/**
 * The vision worker: OpenCV.js (and Tesseract, on the first read) live here so the UI thread
 * never runs image processing. Frames arrive as transferred ImageBitmaps; one stream's canvas
 * is reused from frame to frame.
 */
import type { RgbaImage } from '../../../shared/vision/image'
import { type Pipeline, loadPipeline } from './vision-pipeline'
import type { VisionReply, VisionRequest } from './vision-protocol'

const scope = self as unknown as DedicatedWorkerGlobalScope

/** Turns bitmaps into RGBA pixels through one reused OffscreenCanvas (no canvas per frame). */
class FrameReader {
  private canvas: OffscreenCanvas | undefined
  private context: OffscreenCanvasRenderingContext2D | undefined

  /** Reads and closes `bitmap`. */
  read(bitmap: ImageBitmap): RgbaImage {
    const { width, height } = bitmap
    if (!this.canvas || this.canvas.width !== width || this.canvas.height !== height) {
      this.canvas = new OffscreenCanvas(width, height)
      const context = this.canvas.getContext('2d', { willReadFrequently: true })
      if (!context) throw new Error('No 2D canvas in the vision worker.')
      this.context = context
    }
    const context = this.context as OffscreenCanvasRenderingContext2D
    context.drawImage(bitmap, 0, 0)
    bitmap.close()
    const { data } = context.getImageData(0, 0, width, height)
    return { width, height, data }
  }

  delete(): void {
    this.canvas = this.context = undefined
  }
}

const frames = new FrameReader()
let pipeline: Promise<Pipeline> | undefined

function reply(message: VisionReply): void {
  scope.postMessage(message)
}

async function handle(request: VisionRequest): Promise<void> {
  const started = performance.now()
  switch (request.type) {
    case 'warm-up': {
      const ready = await (pipeline ??= loadPipeline())
      if (request.ocr) await ready.warmUpReader()
      reply({ type: 'ready', id: request.id })
      return
    }
    case 'detect': {
      const ready = await (pipeline ??= loadPipeline())
      const image = frames.read(request.frame)
      const found = ready.detect(image)
      const ms = performance.now() - started
      reply({ type: 'detected', id: request.id, sentAt: request.sentAt, detection: { ...found, width: image.width, height: image.height, ms } })
      return
    }
    case 'read': {
      const { id } = request
      // A photo is read once, so it gets its own canvas rather than resizing the stream's.
      const image = new FrameReader().read(request.image)
      if (!pipeline) reply({ type: 'progress', id, stage: 'loading-opencv' })
      const ready = await (pipeline ??= loadPipeline())
      const outcome = await ready.read(image, (stage) => reply({ type: 'progress', id, stage }))
      if ('noGrid' in outcome) {
        const ms = performance.now() - started
        reply({ type: 'no-grid', id, message: outcome.noGrid, detection: { ...outcome.detection, width: image.width, height: image.height, ms } })
      } else reply({ type: 'read', id, outcome })
      return
    }
  }
}

// Requests are handled one at a time, in order: the client never sends a frame while busy.
let queue = Promise.resolve()
scope.onmessage = (message: MessageEvent<VisionRequest>) => {
  const request = message.data
  queue = queue.then(() =>
    handle(request).catch((error: unknown) => {
      if (request.type === 'detect') request.frame.close()
      const { name, message: text } = error instanceof Error ? error : new Error(String(error))
      reply({ type: 'error', id: request.id, name, message: text })
    }),
  )
}
