/**
 * "Export the logical solve as a video": one frame per step of the solving engine (board with the
 * step highlighted and explained), held for a few seconds each, encoded by the same ffmpeg path as
 * time-lapses. The steps come from the step finder; this file only draws and encodes them.
 */
import sharp from 'sharp'
import { counted } from '../../shared/counted'
import { candidatesOf, CELLS, type Grid } from '../../shared/sudoku/board'
import { applyStep } from '../../shared/sudoku/logic/apply'
import type { Step } from '../../shared/sudoku/logic/step'
import type { EncodeProgress, FrameSize } from '../../shared/timelapse/settings'
import { abortError, encodeSequence, type EncodeResult } from '../timelapse/encode'
import type { X264Preset } from '../timelapse/ffmpeg-args'
import type { ReservedFilm } from '../timelapse/film-output'
import { solveFrameSvg, type SolveFrame } from './solve-frame-svg'

export interface SolveVideoOptions {
  /** From reserveFilm(). */
  readonly output: ReservedFilm
  /** How long each step stays on screen. Default 2 s. */
  readonly secondsPerStep?: number
  readonly fpsOut?: number
  readonly crf?: number
  readonly size?: FrameSize
  readonly ffmpegPath?: string
  readonly preset?: X264Preset
  readonly signal?: AbortSignal
  /** Percent of the film encoded (boards are drawn as ffmpeg takes them, so this is all the work). */
  readonly onProgress?: (percent: number) => void
}

/** Opening frame, one per step (shown before it is applied), closing frame. */
export function solveFrames(givens: Grid, steps: readonly Step[]): SolveFrame[] {
  let candidates = candidatesOf(givens)
  const frames: SolveFrame[] = [{ givens, candidates, step: null, title: 'The puzzle', caption: `${counted(steps.length, 'step')} to the solution.` }]
  steps.forEach((step, i) => {
    frames.push({ givens, candidates, step, title: `Step ${i + 1} of ${steps.length}` })
    candidates = applyStep(candidates, step)
  })
  frames.push({ givens, candidates, step: null, title: 'Solved', caption: 'Every cell is filled.' })
  return frames
}

const isInt = (x: unknown, min: number, max: number): x is number => Number.isInteger(x) && (x as number) >= min && (x as number) <= max

/** Checks a grid and steps that came from outside (IPC); throws a TypeError naming the problem. */
export function checkSolveVideoInput(givens: unknown, steps: unknown): { givens: Grid; steps: Step[] } {
  const cells =
    givens instanceof Uint8Array
      ? Array.from(givens)
      : Array.isArray(givens)
        ? givens
        : typeof givens === 'string'
          ? [...givens].map((ch) => (ch === '.' ? 0 : Number(ch)))
          : null
  if (!cells || cells.length !== CELLS || !cells.every((d) => isInt(d, 0, 9))) throw new TypeError('givens must be 81 digits 0-9 (0 or . for empty)')
  if (!Array.isArray(steps) || steps.length > 5000) throw new TypeError('steps must be an array of at most 5000 steps')
  const placement = (p: unknown) =>
    typeof p === 'object' && p !== null && isInt((p as { cell: unknown }).cell, 0, 80) && isInt((p as { digit: unknown }).digit, 1, 9)
  steps.forEach((s: unknown, i) => {
    const step = s as Partial<Record<keyof Step, unknown>>
    const ok =
      typeof step === 'object' &&
      step !== null &&
      typeof step.technique === 'string' &&
      /^[a-z0-9-]{1,40}$/.test(step.technique) &&
      Array.isArray(step.placements) &&
      step.placements.every(placement) &&
      Array.isArray(step.eliminations) &&
      step.eliminations.every(placement) &&
      Array.isArray(step.cells) &&
      step.cells.every((c) => isInt(c, 0, 80)) &&
      (step.units === undefined || (Array.isArray(step.units) && step.units.every((u) => isInt(u, 0, 26)))) &&
      typeof step.text === 'string' &&
      step.text.length <= 2000
    if (!ok) throw new TypeError(`step ${i + 1} is not a valid step`)
  })
  return { givens: Uint8Array.from(cells), steps: steps as Step[] }
}

export async function renderSolveVideo(givens: Grid, steps: readonly Step[], o: SolveVideoOptions): Promise<EncodeResult> {
  const size = o.size ?? { width: 1280, height: 720 }
  const frames = solveFrames(givens, steps)
  // Each board is drawn as ffmpeg asks for the next one: no frame ever touches the disk.
  async function* boards(): AsyncGenerator<Uint8Array> {
    for (let i = 0; i < frames.length; i++) {
      if (o.signal?.aborted) throw abortError()
      // PNG keeps the thin lines and small digits sharp until x264 sees them.
      yield await sharp(Buffer.from(solveFrameSvg(frames[i], size)))
        .png({ compressionLevel: 1 })
        .toBuffer()
    }
  }
  return encodeSequence({
    frames: boards(),
    frameCount: frames.length,
    inputCodec: 'png',
    fpsIn: 1 / (o.secondsPerStep ?? 2),
    // A still picture per step needs no 24 fps; 12 keeps long solves quick to encode.
    fpsOut: o.fpsOut ?? 12,
    crf: o.crf ?? 20,
    crop: null,
    size,
    output: o.output,
    preset: o.preset,
    ffmpegPath: o.ffmpegPath,
    signal: o.signal,
    onProgress: (p: EncodeProgress) => p.percent !== null && o.onProgress?.(p.percent),
  })
}
