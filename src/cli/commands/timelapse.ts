/**
 * `sudoku-lens timelapse <frames-dir> --out film.mp4 …`: encodes an existing numbered sequence
 * (`frame0000001.jpg`…, or the Raspberry Pi tool's `image0000001.jpg`…) with the same code path as
 * the app, printing progress. Gaps in the numbering are fine.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { encodeFrames } from '../../main/timelapse/encode-frames'
import type { X264Preset } from '../../main/timelapse/ffmpeg-args'
import { FilmOutputError, reserveFilm } from '../../main/timelapse/film-output'
import { listFrames } from '../../main/timelapse/frame-names'
import { loadSheetLocator } from '../../main/timelapse/locate'
import { DEFAULT_TIMELAPSE_SETTINGS, filmSeconds, validateTimelapseSettings } from '../../shared/timelapse'
import { parseArgs, UsageError } from '../args'

export const summary =
  'Encode a frame sequence: timelapse <frames-dir> --out film.mp4 [--fps-in 10] [--fps-out 24] [--crf 20] [--size 1280x720|source] [--crop full|puzzle|x,y,w,h] [--stabilise] [--stamp --interval 2] [--preset veryfast]'

const VALUED = ['out', 'fps-in', 'fps-out', 'crf', 'size', 'preset', 'interval', 'threads', 'crop']
const FLAGS = ['stamp', 'quiet', 'stabilise']

/** "full", "puzzle" or "x,y,w,h" -> the settings' crop (validated with the rest). */
function cropOption(text: string | undefined): unknown {
  if (text === undefined || text === 'full' || text === 'puzzle') return { kind: text ?? 'full' }
  const [x, y, width, height] = text.split(',').map(Number)
  return { kind: 'rect', x, y, width, height }
}
const PRESETS: readonly X264Preset[] = ['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium', 'slow']

const numberOption = (value: string | undefined, fallback: number): number | string => (value === undefined ? fallback : value.trim() === '' ? value : Number(value))

export async function run(args: string[]): Promise<number> {
  const { positionals, flags, options } = parseArgs(args, VALUED)
  const unknown = [...flags].filter((f) => !FLAGS.includes(f))
  if (unknown.length) throw new UsageError(`unknown option --${unknown[0]}\n${summary}`)
  if (positionals.length !== 1 || !options.has('out')) throw new UsageError(summary)
  const dir = resolve(positionals[0])
  const output = resolve(options.get('out')!)
  const preset = (options.get('preset') ?? 'veryfast') as X264Preset
  if (!PRESETS.includes(preset)) throw new UsageError(`--preset must be one of ${PRESETS.join(', ')}`)
  const threads = options.has('threads') ? Number(options.get('threads')) : undefined
  if (threads !== undefined && !(Number.isInteger(threads) && threads >= 0 && threads <= 64)) throw new UsageError('--threads must be a whole number from 0 to 64')

  const sizeText = options.get('size')
  const checked = validateTimelapseSettings({
    ...DEFAULT_TIMELAPSE_SETTINGS,
    fpsIn: numberOption(options.get('fps-in'), DEFAULT_TIMELAPSE_SETTINGS.fpsIn),
    fpsOut: numberOption(options.get('fps-out'), DEFAULT_TIMELAPSE_SETTINGS.fpsOut),
    crf: numberOption(options.get('crf'), DEFAULT_TIMELAPSE_SETTINGS.crf),
    intervalSeconds: numberOption(options.get('interval'), DEFAULT_TIMELAPSE_SETTINGS.intervalSeconds),
    size: sizeText === undefined ? DEFAULT_TIMELAPSE_SETTINGS.size : sizeText === 'source' ? null : sizeText,
    stampElapsed: flags.has('stamp'),
    stabilise: flags.has('stabilise'),
    crop: cropOption(options.get('crop')),
  })
  if (!checked.ok) throw new UsageError(checked.errors.map((e) => `--${e.replace(/^(\w+)/, (n) => n.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`))}`).join('\n'))
  const settings = checked.value

  // The film's folder first: a missing or read-only one is reported before any frame is read.
  const film = await reserveFilm(output).catch((error: unknown) => {
    throw error instanceof FilmOutputError ? new UsageError(error.message) : error
  })
  const controller = new AbortController()
  // Ctrl+C, a closed terminal or a plain kill: stop ffmpeg, remove the temp film, say so.
  const signals = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const
  let stoppedBy: keyof typeof signals | undefined
  const handlers = Object.keys(signals).map((name) => {
    const handler = () => {
      stoppedBy = name as keyof typeof signals
      controller.abort()
    }
    process.once(name, handler)
    return [name, handler] as const
  })
  const staging = await mkdtemp(join(tmpdir(), 'sudoku-lens-timelapse-'))
  let last = ''
  const quiet = flags.has('quiet')
  const say = (text: string) => quiet || process.stderr.write(text)
  try {
    const { prefix, numbers } = await listFrames(dir, ['frame', 'image']).catch((error: Error) => {
      throw new UsageError(`cannot read ${dir}: ${error.message}`)
    })
    if (numbers.length === 0) throw new UsageError(`no frame0000001.jpg-style frames in ${dir}`)
    say(`${numbers.length} frames (${prefix}NNNNNNN.jpg) -> ${filmSeconds(numbers.length, settings.fpsIn).toFixed(1)} s of film at ${settings.fpsOut} fps\n`)

    // The grid detector (and OpenCV) only when the settings need the sheet's corners.
    const sheet = settings.stabilise || settings.crop.kind === 'puzzle' ? await loadSheetLocator() : undefined
    const result = await encodeFrames({
      dir,
      numbers,
      prefix,
      settings,
      output: film,
      stagingDir: join(staging, 'frames'),
      preset,
      threads,
      locate: sheet?.locate,
      loadCV: sheet && (async () => sheet.cv),
      signal: controller.signal,
      onProgress: (p) => {
        const line = `\r${p.phase === 'preparing' ? 'Preparing' : 'Encoding'} ${p.percent === null ? '' : `${p.percent.toFixed(0).padStart(3)}% `}(frame ${p.frame}/${p.totalFrames})`
        if (line !== last) say((last = line))
      },
    })
    say(`\nWrote ${result.output} (${result.frames} frames, ${result.durationSeconds.toFixed(1)} s) in ${result.elapsedSeconds.toFixed(1)} s\n`)
    for (const note of result.notes) say(`${note}\n`)
    return 0
  } catch (error) {
    if (last) say('\n')
    if ((error as Error).name === 'AbortError') {
      process.stderr.write('Cancelled.\n')
      return signals[stoppedBy ?? 'SIGINT']
    }
    throw error
  } finally {
    await film.discard()
    for (const [name, handler] of handlers) process.off(name, handler)
    await rm(staging, { recursive: true, force: true })
  }
}
