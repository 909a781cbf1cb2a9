import type { Grid } from '../../../shared/sudoku/board'
import { type PaperCheck, checkPaper } from '../../../shared/sudoku/check'
import { HINT_LEVELS } from '../../../shared/sudoku/hint'
import { SKIPPED_LOOK_SECONDS, type SkipReason } from '../../../shared/timelapse/skipped'
import { checkShots } from '../../../shared/timelapse/check'
import { digitsOn, loggedBoard } from '../../../shared/timelapse/logged-board'
import { type ShotBoard, type ShotRecord, arrivedText, shotBoardOfReadings } from '../../../shared/timelapse/shots'
import { type ShotReason, ShotTrigger, type TriggerOptions, type View } from '../../../shared/timelapse/trigger'
import { VisionClient } from '../workers/VisionClient'
import { nextCheckLevel } from './check-levels'

/**
 * Looks at the paper twice a second (the spec's rate: detection plus the cell-ink look costs a few
 * ms a frame in the worker) to decide when a "changes" time-lapse takes a shot.
 */
export const LOOK_INTERVAL_MS = 500

/**
 * Watches the paper while a time-lapse records in "changes" mode: looks at the camera a few times a
 * second (grid and per-cell ink only, in the vision worker), and when the trigger says the paper
 * changed and the hand has left, reads the whole page and hands the shot and its board over. Keeps
 * the progress the panel shows: digits filled, and the paper's check on demand.
 */
export class PaperWatch {
  view = $state<View | null>(null)
  board = $state.raw<ShotBoard | null>(null)
  /** The board as the shots so far have it (loggedBoard), found once a shot: it weighs every shot. */
  private logged = $state.raw<{ givens: Grid; entries: Grid } | null>(null)
  /**
   * Cells holding a digit, printed or written, on the board the recording's shots have
   * (timelapse/logged-board.ts's loggedBoard, as "Check my paper" weighs them), not the last shot's own
   * board, which can misread a digit away for that shot alone.
   */
  filled = $derived(this.logged ? digitsOn(this.logged.givens, this.logged.entries) : 0)
  /** The last "Check my paper" answer and how much it told; a new shot clears both (the paper changed). */
  check = $state.raw<PaperCheck | null>(null)
  checkLevel = $state(-1)
  /** This recording's shots, which the paper is checked on (timelapse/logged-board.ts's loggedBoard). */
  private shots: ShotRecord[] = []
  private startedAt = 0

  private vision: VisionClient | undefined
  private timer: ReturnType<typeof setInterval> | undefined
  private trigger: ShotTrigger | undefined
  private busy = false
  private canvas: HTMLCanvasElement | undefined
  /** When the last shot or kept look was taken (performance.now()). */
  private lastKeptAt = 0

  /**
   * Starts watching `video`; `onShot` gets the frame (as a canvas to encode) and its board. It is
   * awaited, so a slow write never overlaps the next read. `onSkipped`, when given, gets a look that
   * is not filmed, and why, at most every SKIPPED_LOOK_SECONDS since the last shot or kept look.
   */
  start(video: HTMLVideoElement, options: TriggerOptions, onShot: ShotHandler, onSkipped?: SkippedHandler): void {
    this.stop()
    this.vision ??= new VisionClient()
    this.trigger = new ShotTrigger(options)
    this.board = null
    this.check = null
    this.checkLevel = -1
    this.shots = []
    this.logged = null
    this.startedAt = this.lastKeptAt = performance.now()
    this.timer = setInterval(() => void this.look(video, onShot, onSkipped), LOOK_INTERVAL_MS)
  }

  get watching(): boolean {
    return this.timer !== undefined
  }

  stop(): void {
    clearInterval(this.timer)
    this.timer = undefined
    this.view = null
  }

  dispose(): void {
    this.stop()
    this.vision?.dispose()
    this.vision = undefined
  }

  /**
   * "Check my paper" on the paper as the recording's shots have it (each digit and pencil mark
   * weighed over every shot that shows it, a wrong digit read unclearly not held against the person:
   * timelapse/check.ts): one level more per press while no new shot came (nextCheckLevel; a shot
   * clears the last answer); null before any read.
   */
  checkPaper(): PaperCheck | null {
    const last = this.check
    const check = this.board && checkShots(this.shots, (mistakes) => nextCheckLevel(last, mistakes))
    if (!check) return null
    this.check = check
    this.checkLevel = check.kind === 'mistake' ? HINT_LEVELS.indexOf(check.level) : 0
    return check
  }

  /** Whether the board as the shots have it is the puzzle solved without a mistake. */
  solvedCorrectly(): boolean {
    if (!this.logged) return false
    const result = checkPaper(this.logged)
    return result.kind === 'no-mistakes' && result.solved
  }

  private async look(video: HTMLVideoElement, onShot: ShotHandler, onSkipped: SkippedHandler | undefined): Promise<void> {
    const vision = this.vision
    const trigger = this.trigger
    if (this.busy || !vision || !trigger || video.readyState < 2 || !vision.canDetect) return
    this.busy = true
    try {
      const detection = await vision.detect(await createImageBitmap(video))
      const at = performance.now()
      const decision = trigger.observe({ at, corners: detection.corners, cells: detection.cells ?? null })
      this.view = decision.view
      const canvas = (this.canvas ??= document.createElement('canvas'))
      if (!decision.shoot) {
        if (!onSkipped || performance.now() - this.lastKeptAt < SKIPPED_LOOK_SECONDS * 1000) return
        this.lastKeptAt = performance.now()
        if (this.timer !== undefined) await onSkipped(grab(video, canvas), SKIP_REASON[decision.view])
        return
      }
      this.lastKeptAt = performance.now()
      // The shot is the frame the trigger saw clear, grabbed now (a look later at most 500 ms on).
      const frame = grab(video, canvas)
      const outcome = await vision.read(await createImageBitmap(frame), undefined, this.board ? 'next' : 'first')
      this.board = shotBoardOfReadings(outcome.cells, { ink: detection.cells?.ink, arrived: arrivedText(decision, at) })
      this.shots.push({ frame: this.shots.length, seconds: (performance.now() - this.startedAt) / 1000, ...this.board })
      this.logged = loggedBoard(this.shots)
      // The paper changed since the last check: its answer is stale.
      this.check = null
      this.checkLevel = -1
      if (this.timer !== undefined) await onShot(frame, this.board, decision.shoot)
    } catch {
      // A frame with no readable grid after all, or a read replaced by a newer one: wait for the next.
    } finally {
      this.busy = false
    }
  }
}

type ShotHandler = (frame: HTMLCanvasElement, board: ShotBoard, reason: ShotReason) => Promise<void>
type SkippedHandler = (frame: HTMLCanvasElement, reason: SkipReason) => Promise<void>

/** Why a look the trigger did not shoot is not filmed: a hand over the grid (or writing), nothing new, or no steady grid. */
const SKIP_REASON: Record<View, SkipReason> = { covered: 'covered', writing: 'covered', clear: 'unchanged', 'no-grid': 'no-grid', moving: 'no-grid' }

function grab(video: HTMLVideoElement, canvas: HTMLCanvasElement): HTMLCanvasElement {
  canvas.width = video.videoWidth
  canvas.height = video.videoHeight
  canvas.getContext('2d')!.drawImage(video, 0, 0)
  return canvas
}
