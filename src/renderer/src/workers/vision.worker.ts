/**
 * The vision worker: OpenCV.js (and Tesseract, on the first read) live here so the UI thread
 * never runs image processing. Frames arrive as transferred ImageBitmaps; one stream's canvas
 * is reused from frame to frame.
 */
import { type CellInk, cellInk } from '../../../shared/vision/watch/cell-ink'
import { SteadyCorners } from '../../../shared/vision/watch/steady-corners'
import { upscaledPoint } from '../../../shared/vision/core/geometry'
import { fitToGridLines } from '../../../shared/vision/grid/lines-fit'
import type { Corners, Point, RgbaImage } from '../../../shared/vision/core/image'
import { closeToEnd } from './close-to-end'
import { type Found, type Pipeline, loadPipeline } from './vision-pipeline'
import type { VisionReply, VisionRequest } from './vision-protocol'

const scope = self as unknown as DedicatedWorkerGlobalScope

/** Long side of the copy that live detection sees (the detector's own working size). */
const LIVE_SIZE = 640

/**
 * Turns bitmaps into RGBA pixels through one reused OffscreenCanvas (no canvas per frame).
 * With `maxSide`, the canvas scales the frame down while drawing (native code), so a 1280×720
 * frame costs a 640×360 read-back instead of four times that.
 */
class FrameReader {
  private canvas: OffscreenCanvas | undefined
  private context: OffscreenCanvasRenderingContext2D | undefined

  /** Reads and closes `bitmap` (or a camera's VideoFrame), unless `keep`; `scale` maps back to its pixels. */
  read(bitmap: ImageBitmap | VideoFrame, maxSide = Infinity, keep = false): RgbaImage & { scale: number; sourceWidth: number; sourceHeight: number } {
    const sourceWidth = 'displayWidth' in bitmap ? bitmap.displayWidth : bitmap.width
    const sourceHeight = 'displayHeight' in bitmap ? bitmap.displayHeight : bitmap.height
    const scale = Math.max(1, Math.max(sourceWidth, sourceHeight) / maxSide)
    const width = Math.round(sourceWidth / scale)
    const height = Math.round(sourceHeight / scale)
    if (!this.canvas || this.canvas.width !== width || this.canvas.height !== height) {
      this.canvas = new OffscreenCanvas(width, height)
      const context = this.canvas.getContext('2d', { willReadFrequently: true })
      if (!context) throw new Error('No 2D canvas in the vision worker.')
      this.context = context
    }
    const context = this.context as OffscreenCanvasRenderingContext2D
    context.drawImage(bitmap, 0, 0, width, height)
    if (!keep) bitmap.close()
    const { data } = context.getImageData(0, 0, width, height)
    return { width, height, data, scale: sourceWidth / width, sourceWidth, sourceHeight }
  }

  delete(): void {
    this.canvas = this.context = undefined
  }
}

/**
 * A live detection mapped back to the frame's pixels, with each cell's ink measured on the frame at
 * its own size (a millisecond or two beside the detection itself): for single looks ('detect'
 * requests), which the time-lapse's paper watch makes twice a second. At the detector's 640 px, a
 * small grid's pen strokes are a pixel wide, and their ink share swings by more than NEW_INK when
 * the camera shakes by a pixel, so the trigger would see writing in still cells.
 */
function withCells(full: RgbaImage, found: Found): Found & { cells?: CellInk } {
  return found.corners ? { ...found, cells: cellInk(full, found.corners) } : found
}

/** Detection on a scaled-down frame, mapped back to the frame's pixels. */
function scaleFound(found: Found, scale: number): Found {
  if (scale === 1) return found
  const at = (p: Point): Point => upscaledPoint(p, scale)
  return {
    corners: found.corners ? (found.corners.map(at) as unknown as Corners) : null,
    fiducials: found.fiducials.map((c) => ({ ...at(c), r: c.r * scale })),
  }
}

const frames = new FrameReader()
/** The paper watch's looks at their own size, for the cells' ink (withCells). */
const fullFrames = new FrameReader()
let pipeline: Promise<Pipeline> | undefined
/** The live detector for camera frames sent one at a time ('detect' requests). */
let liveFrames: ReturnType<Pipeline['live']> | undefined
/**
 * Their corners, steadied while the page stays where it is (watch/steady-corners.ts). Each VisionClient
 * has a worker of its own, so the camera's frames and the paper watch's looks are steadied apart.
 */
const steadyCorners = new SteadyCorners()

/**
 * How long a stopped stream may take to end before it is cancelled. The page stops the camera's
 * track right after asking the worker to stop, which ends the stream once the frames already
 * posted to the worker have come; a camera frame comes every 33-100 ms, but a page busy for a
 * second or more (an axe-core run in the e2e tests) posts them late.
 */
const STREAM_END_MS = 3000

/**
 * One camera stream read in the worker. Frames are pulled only when the previous one is done;
 * the processor keeps just the newest frame, so frames arriving meanwhile are dropped, not queued.
 */
class StreamDetector {
  private readonly reader: ReadableStreamDefaultReader<VideoFrame>
  private readonly frames = new FrameReader()
  private paused = false
  private resume: (() => void) | undefined
  private stopped = false

  constructor(
    private readonly id: number,
    stream: ReadableStream<VideoFrame>,
  ) {
    this.reader = stream.getReader()
  }

  async run(): Promise<void> {
    try {
      await this.detectEach()
    } finally {
      // Every frame still on its way is closed; the page's stopped track ends the stream.
      await closeToEnd(this.reader, STREAM_END_MS)
    }
  }

  private async detectEach(): Promise<void> {
    const detect = (await (pipeline ??= loadPipeline())).live()
    while (!this.stopped) {
      if (this.paused) await new Promise<void>((resolve) => (this.resume = resolve))
      const { value: frame, done } = await this.reader.read()
      if (done || this.stopped) {
        frame?.close()
        break
      }
      const sentAt = performance.timeOrigin + performance.now()
      const image = this.frames.read(frame, LIVE_SIZE)
      // The camera view's stream: corners and circles only (only the paper watch's single looks use cell ink).
      const found = scaleFound(detect(image, performance.now()), image.scale)
      const ms = performance.timeOrigin + performance.now() - sentAt
      reply({ type: 'detected', id: this.id, sentAt, detection: { ...found, width: image.sourceWidth, height: image.sourceHeight, ms } })
    }
  }

  pause(paused: boolean): void {
    this.paused = paused
    if (!paused) this.resume?.()
  }

  delete(): void {
    this.stopped = true
    this.resume?.()
    this.frames.delete()
  }
}

const streams = new Map<number, StreamDetector>()

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
      // Single frames come from the camera too (where a stream cannot be handed over).
      liveFrames ??= ready.live()
      const full = fullFrames.read(request.frame, Infinity, true)
      const image = frames.read(request.frame, LIVE_SIZE)
      const seen = scaleFound(liveFrames(image, performance.now()), image.scale)
      // Put on the frame's own lines before steadying: the fallbacks place one grid's corners pixels apart from look to look (grid/lines-fit.ts).
      const found = withCells(full, { ...seen, corners: steadyCorners.follow(seen.corners && fitToGridLines(full, seen.corners)) })
      const ms = performance.now() - started
      reply({ type: 'detected', id: request.id, sentAt: request.sentAt, detection: { ...found, width: image.sourceWidth, height: image.sourceHeight, ms } })
      return
    }
    case 'read': {
      const { id } = request
      // A photo is read once, so it gets its own canvas rather than resizing the stream's.
      const bitmap = request.image instanceof Blob ? await createImageBitmap(request.image, { imageOrientation: 'from-image' }) : request.image
      const image = new FrameReader().read(bitmap)
      if (!pipeline) reply({ type: 'progress', id, stage: 'loading-opencv' })
      const ready = await (pipeline ??= loadPipeline())
      const outcome = await ready.read(image, (stage) => reply({ type: 'progress', id, stage }), request.shot)
      if ('noGrid' in outcome) {
        const ms = performance.now() - started
        reply({ type: 'no-grid', id, message: outcome.noGrid, detection: { ...outcome.detection, width: image.width, height: image.height, ms } })
      } else reply({ type: 'read', id, outcome })
      return
    }
    default:
      return
  }
}

function onStreamMessage(request: VisionRequest): boolean {
  if (request.type === 'stream') {
    const stream = new StreamDetector(request.id, request.frames)
    streams.set(request.id, stream)
    stream.run().catch((error: Error) => reply({ type: 'error', id: request.id, name: error.name, message: error.message }))
  } else if (request.type === 'stream-pause') streams.get(request.id)?.pause(request.paused)
  else if (request.type === 'stream-stop') {
    streams.get(request.id)?.delete()
    streams.delete(request.id)
  } else return false
  return true
}

// Other requests are handled one at a time, in order: the client never sends a frame while busy.
// Streams run beside them, so the live overlay keeps moving while Tesseract reads (in its own worker).
let queue = Promise.resolve()
scope.onmessage = (message: MessageEvent<VisionRequest>) => {
  const request = message.data
  if (onStreamMessage(request)) return
  queue = queue.then(() =>
    handle(request).catch((error: unknown) => {
      if (request.type === 'detect') request.frame.close()
      const { name, message: text } = error instanceof Error ? error : new Error(String(error))
      reply({ type: 'error', id: request.id, name, message: text })
    }),
  )
}
