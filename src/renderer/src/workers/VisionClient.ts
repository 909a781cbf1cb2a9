import type { Detection, ReadOutcome, ReadStage, ShotOf, VisionReply, VisionRequest } from './vision-protocol'

export class ReadSuperseded extends Error {
  override name = 'ReadSuperseded'
}

/** The image held no Sudoku grid; `detection` is what was found, to show the user. */
export class NoGridFound extends Error {
  override name = 'NoGridFound'
  constructor(
    message: string,
    readonly detection: Detection,
  ) {
    super(message)
  }
}

interface Waiting<T> {
  readonly id: number
  resolve(value: T): void
  reject(error: Error): void
  onprogress?: (stage: ReadStage) => void
}

/**
 * The vision worker (OpenCV.js + Tesseract) behind a promise API, one worker for the app.
 *
 * Frames: at most one detection in flight; the caller asks `canDetect` before grabbing a frame,
 * so frames that arrive while the worker is busy are never even copied (latency stays one frame).
 * Reads: latest wins; a newer read rejects the older one with `ReadSuperseded` and its late
 * reply is dropped by id (OCR cannot be interrupted without losing the warmed-up engines).
 */
export class VisionClient {
  private worker: Worker | undefined
  private nextId = 1
  private detecting: Waiting<Detection> | undefined
  private reading: Waiting<ReadOutcome> | undefined
  private warming = new Map<number, Waiting<void>>()
  private streams = new Map<number, { ondetection: (detection: Detection, sentAt: number) => void; onerror: (error: Error) => void }>()

  get canDetect(): boolean {
    return this.detecting === undefined && this.reading === undefined
  }

  /** Loads OpenCV (and Tesseract when `ocr`) ahead of the first frame or photo. */
  warmUp(ocr = false): Promise<void> {
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      this.warming.set(id, { id, resolve, reject })
      this.post({ type: 'warm-up', id, ocr })
    })
  }

  /** Takes ownership of `frame` (it is transferred and closed by the worker). */
  detect(frame: ImageBitmap, sentAt = performance.now()): Promise<Detection> {
    if (!this.canDetect) {
      frame.close()
      return Promise.reject(new Error('The vision worker is busy; check canDetect first.'))
    }
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      this.detecting = { id, resolve, reject }
      this.post({ type: 'detect', id, frame, sentAt }, [frame])
    })
  }

  /**
   * Hands a camera's frames to the worker (the stream itself is transferred, so the UI thread
   * never touches a frame). Each detection arrives with the epoch time its frame reached the worker.
   */
  openStream(
    frames: ReadableStream<VideoFrame>,
    ondetection: (detection: Detection, sentAt: number) => void,
    onerror: (error: Error) => void,
  ): { pause(paused: boolean): void; stop(): void } {
    const id = this.nextId++
    this.streams.set(id, { ondetection, onerror })
    this.post({ type: 'stream', id, frames }, [frames])
    return {
      pause: (paused) => this.worker?.postMessage({ type: 'stream-pause', id, paused } satisfies VisionRequest),
      stop: () => {
        this.streams.delete(id)
        this.worker?.postMessage({ type: 'stream-stop', id } satisfies VisionRequest)
      },
    }
  }

  /**
   * Reads the digits of a photo file or a captured frame; takes ownership of a bitmap. A file is
   * decoded in the worker (EXIF orientation applied, as the UI's own copy is). `shot`: the frame
   * is a time-lapse shot, read against the ink of the shots before (vision-protocol.ts's ShotOf).
   */
  read(image: ImageBitmap | Blob, onprogress?: (stage: ReadStage) => void, shot?: ShotOf): Promise<ReadOutcome> {
    this.reading?.reject(new ReadSuperseded('A newer image is being read.'))
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      this.reading = { id, resolve, reject, onprogress }
      this.post({ type: 'read', id, image, shot }, image instanceof Blob ? [] : [image])
    })
  }

  dispose(): void {
    this.worker?.terminate()
    this.worker = undefined
    this.failAll(new Error('The vision worker was stopped.'))
  }

  private post(request: VisionRequest, transfer: Transferable[] = []): void {
    this.worker ??= this.createWorker()
    this.worker.postMessage(request, transfer)
  }

  private failAll(error: Error): void {
    this.detecting?.reject(error)
    this.reading?.reject(error)
    for (const waiting of this.warming.values()) waiting.reject(error)
    for (const stream of this.streams.values()) stream.onerror(error)
    this.detecting = this.reading = undefined
    this.warming.clear()
    this.streams.clear()
  }

  private onReply(reply: VisionReply): void {
    const stream = this.streams.get(reply.id)
    if (stream) {
      if (reply.type === 'detected') stream.ondetection(reply.detection, reply.sentAt)
      else if (reply.type === 'error') stream.onerror(Object.assign(new Error(reply.message), { name: reply.name }))
      return
    }
    const detecting = this.detecting?.id === reply.id ? this.detecting : undefined
    const reading = this.reading?.id === reply.id ? this.reading : undefined
    const warming = this.warming.get(reply.id)
    if (detecting) this.detecting = undefined
    if (reading && reply.type !== 'progress') this.reading = undefined
    if (warming) this.warming.delete(reply.id)
    switch (reply.type) {
      case 'detected':
        detecting?.resolve(reply.detection)
        break
      case 'progress':
        reading?.onprogress?.(reply.stage)
        break
      case 'read':
        reading?.resolve(reply.outcome)
        break
      case 'no-grid':
        ;(reading ?? detecting)?.reject(new NoGridFound(reply.message, reply.detection))
        break
      case 'ready':
        warming?.resolve()
        break
      case 'error': {
        const error = Object.assign(new Error(reply.message), { name: reply.name })
        ;(detecting ?? reading ?? warming)?.reject(error)
        break
      }
    }
  }

  private createWorker(): Worker {
    const worker = new Worker(new URL('./vision.worker.ts', import.meta.url), { type: 'module', name: 'vision' })
    worker.onmessage = (message: MessageEvent<VisionReply>) => this.onReply(message.data)
    worker.onerror = (event) => {
      event.preventDefault()
      this.worker = undefined
      worker.terminate()
      this.failAll(new Error(`The vision worker stopped: ${event.message || 'it could not start'}`))
    }
    return worker
  }
}
