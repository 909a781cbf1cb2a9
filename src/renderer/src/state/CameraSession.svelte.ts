import type { Corners } from '../../../shared/vision/core/image'
import type { VisionClient } from '../workers/VisionClient'
import type { Detection } from '../workers/vision-protocol'
import { Steadiness } from './steadiness'

/** Chromium's MediaStreamTrackProcessor (not in TypeScript's DOM library yet). */
declare const MediaStreamTrackProcessor:
  (new (init: { track: MediaStreamTrack; maxBufferSize?: number }) => { readonly readable: ReadableStream<VideoFrame> }) | undefined

export type CameraState = 'off' | 'starting' | 'live' | 'denied' | 'missing' | 'ended' | 'error'

export interface CameraFigures {
  /** Detections completed since the camera started. */
  readonly detections: number
  /** Detections completed per second over the last second. */
  readonly detectionsPerSecond: number
  /** Frame grab to overlay drawn, for the last detection (ms). */
  readonly latencyMs: number
  /** Worker time for the last detection (ms). */
  readonly workerMs: number
}

/** Camera constraints: the best the camera offers up to 1280×720. */
function constraints(deviceId: string | null): MediaStreamConstraints {
  return {
    audio: false,
    video: {
      ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
      width: { ideal: 1280, max: 1280 },
      height: { ideal: 720, max: 720 },
    },
  }
}

/**
 * One live camera stream feeding the vision worker, and nothing done with frames while the page
 * is hidden. Where the browser has MediaStreamTrackProcessor (Chromium, so Electron), the frames
 * go straight to the worker as a transferred stream that keeps only the newest frame; elsewhere
 * each video frame is grabbed as an ImageBitmap only when the worker is idle. Either way frames
 * that arrive while the worker is busy are dropped, so the overlay lags by at most one frame.
 */
export class CameraSession {
  state = $state<CameraState>('off')
  message = $state('')
  devices = $state.raw<{ id: string; label: string }[]>([])
  deviceId = $state<string | null>(null)
  detection = $state.raw<Detection | null>(null)
  /** 0..1: how long the grid has been still; 1 triggers auto-capture. */
  steadiness = $state(0)
  figures = $state.raw<CameraFigures>({ detections: 0, detectionsPerSecond: 0, latencyMs: 0, workerMs: 0 })
  /** Called after each detection has been stored, to draw the overlay (frame time as given to the worker). */
  ondetection: ((detection: Detection) => void) | undefined
  /** Called once the grid has been steady; auto-capture is armed again when the grid is lost. */
  onsteady: (() => void) | undefined

  private stream: MediaStream | null = null
  private video: HTMLVideoElement | null = null
  private frameRequest = 0
  private readonly steady = new Steadiness()
  private armed = true
  private completed: number[] = []
  private generation = 0
  private grabbing = false
  private workerStream: { pause(paused: boolean): void; stop(): void } | null = null
  private readonly onVisibility = (): void => this.workerStream?.pause(document.hidden)

  constructor(private readonly vision: VisionClient) {}

  get corners(): Corners | null {
    return this.detection?.corners ?? null
  }

  async start(video: HTMLVideoElement, deviceId: string | null = this.deviceId): Promise<void> {
    this.stop()
    const generation = ++this.generation
    // A camera turned on anew looks for a grid to read anew.
    this.armed = true
    this.video = video
    this.state = 'starting'
    this.message = 'Starting the camera…'
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw Object.assign(new Error('This browser offers no camera access.'), { name: 'NotFoundError' })
      const stream = await navigator.mediaDevices.getUserMedia(constraints(deviceId)).catch((error: Error) => {
        // A remembered camera that is gone: fall back to any camera rather than failing.
        if (deviceId && (error.name === 'OverconstrainedError' || error.name === 'NotFoundError')) return navigator.mediaDevices.getUserMedia(constraints(null))
        throw error
      })
      if (generation !== this.generation) return void stream.getTracks().forEach((t) => t.stop())
      this.stream = stream
      const track = stream.getVideoTracks()[0]
      this.deviceId = track.getSettings().deviceId ?? deviceId
      track.addEventListener('ended', () => this.fail('ended', 'The camera was disconnected. Plug it back in and press Retry.'))
      video.srcObject = stream
      await video.play()
      this.state = 'live'
      // What the camera sees is said by the live feedback (camera-feedback.ts); this line is for trouble.
      this.message = ''
      await this.refreshDevices()
      if (typeof MediaStreamTrackProcessor === 'function') this.streamToWorker(track, generation)
      else this.scheduleFrame()
    } catch (error) {
      if (generation !== this.generation) return
      const name = (error as Error).name
      if (name === 'NotAllowedError' || name === 'SecurityError')
        this.fail('denied', 'Camera access was denied. Allow the camera for this app, then press Retry. You can still open or drop a photo.')
      else if (name === 'NotFoundError' || name === 'OverconstrainedError')
        this.fail('missing', 'No camera was found. Connect one and press Retry, or open a photo instead.')
      else if (name === 'NotReadableError' || name === 'AbortError')
        this.fail('error', 'The camera is in use by another program, or could not start. Close it there and press Retry.')
      else this.fail('error', `The camera could not start: ${(error as Error).message}`)
    }
  }

  stop(): void {
    this.generation++
    if (this.video && this.frameRequest) this.video.cancelVideoFrameCallback(this.frameRequest)
    this.frameRequest = 0
    this.workerStream?.stop()
    this.workerStream = null
    document.removeEventListener('visibilitychange', this.onVisibility)
    this.stream?.getTracks().forEach((track) => track.stop())
    this.stream = null
    if (this.video) this.video.srcObject = null
    this.detection = null
    this.steadiness = 0
    this.steady.reset()
    if (this.state === 'live' || this.state === 'starting') this.state = 'off'
  }

  /** A still of the current video frame, for reading. */
  async grab(): Promise<ImageBitmap> {
    if (!this.video || this.state !== 'live') throw new Error('The camera is not running.')
    return createImageBitmap(this.video)
  }

  async refreshDevices(): Promise<void> {
    const all = await navigator.mediaDevices.enumerateDevices()
    this.devices = all
      .filter((device) => device.kind === 'videoinput')
      .map((device, index) => ({ id: device.deviceId, label: device.label || `Camera ${index + 1}` }))
  }

  private fail(state: CameraState, message: string): void {
    this.stop()
    this.state = state
    this.message = message
  }

  private scheduleFrame(): void {
    const video = this.video
    if (!video || this.state !== 'live') return
    const generation = this.generation
    this.frameRequest = video.requestVideoFrameCallback(() => {
      if (generation !== this.generation) return
      this.onFrame(video, generation)
      this.scheduleFrame()
    })
  }

  private onFrame(video: HTMLVideoElement, generation: number): void {
    // Skipped frames cost nothing: no copy is made unless the worker can take it now.
    if (document.hidden || this.grabbing || !this.vision.canDetect) return
    this.grabbing = true
    const grabbedAt = performance.now()
    createImageBitmap(video)
      .finally(() => (this.grabbing = false))
      .then((frame) => (generation === this.generation ? this.vision.detect(frame, grabbedAt) : (frame.close(), null)))
      .then((detection) => {
        if (detection && generation === this.generation) this.onDetection(detection, performance.now() - grabbedAt)
      })
      .catch((error: Error) => {
        if (generation === this.generation) this.message = `Could not look for the grid: ${error.message}`
      })
  }

  private streamToWorker(track: MediaStreamTrack, generation: number): void {
    const Processor = MediaStreamTrackProcessor as NonNullable<typeof MediaStreamTrackProcessor>
    const { readable } = new Processor({ track, maxBufferSize: 1 })
    this.workerStream = this.vision.openStream(
      readable,
      (detection, sentAt) => {
        if (generation === this.generation) this.onDetection(detection, performance.timeOrigin + performance.now() - sentAt)
      },
      (error) => {
        if (generation === this.generation) this.message = `Could not look for the grid: ${error.message}`
      },
    )
    document.addEventListener('visibilitychange', this.onVisibility)
    this.onVisibility()
  }

  private onDetection(detection: Detection, sinceFrameMs: number): void {
    this.detection = detection
    const now = performance.now()
    this.steadiness = this.steady.update(detection.corners, now)
    this.ondetection?.(detection)
    this.completed.push(now)
    while (this.completed.length && this.completed[0] < now - 1000) this.completed.shift()
    // Latency counts from the frame reaching the worker (or being grabbed) to the overlay drawn.
    this.figures = {
      detections: this.figures.detections + 1,
      detectionsPerSecond: this.completed.length,
      latencyMs: sinceFrameMs + (performance.now() - now),
      workerMs: detection.ms,
    }
    if (!detection.corners) this.armed = true
    else if (this.steadiness >= 1 && this.armed) {
      this.armed = false
      this.onsteady?.()
    }
  }
}
