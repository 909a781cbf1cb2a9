/**
 * `sudoku-lens timelapse <frames-dir> --out film.mp4 …`: encodes an existing numbered sequence
 * (`frame0000001.jpg`…, or the Raspberry Pi tool's `image0000001.jpg`…) with the same code path as
 * the app, printing progress. Gaps in the numbering are fine.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { encodeFrames } from '../../node/timelapse/encode-frames'
import type { X264Preset } from '../../node/timelapse/ffmpeg-args'
import { FilmOutputError, reserveFilm } from '../../node/timelapse/film-output'
import { listFrames, SKIPPED_PREFIX, withLooks } from '../../node/timelapse/frame-names'
import { loadSheetLocator } from '../../node/timelapse/locate'
import { readManifest } from '../../node/timelapse/manifest'
import { counted } from '../../shared/counted'
import { moveRecord, movesOf } from '../../shared/timelapse/moves'
import { movesText } from '../../shared/timelapse/moves-text'
import type { ShotRecord } from '../../shared/timelapse/shots'
import { DEFAULT_TIMELAPSE_SETTINGS, filmSeconds, validateTimelapseSettings } from '../../shared/timelapse/settings'
import { InputError, UsageError, choiceOption, defineCommand, integerOption, parseCommand } from '../args'

export const spec = defineCommand({
  name: 'timelapse',
  usage:
    'timelapse <frames-dir> --out film.mp4 | --moves [--text] [--fps-in 10] [--fps-out 24] [--crf 20] [--size 1280x720|source] [--crop full|puzzle|x,y,w,h] [--stabilise] [--stamp --interval 2] [--annotate] [--include-skipped] [--preset veryfast]',
  about: [
    'Encodes a numbered frame sequence (frame0000001.jpg… or image0000001.jpg…; gaps are fine) to an',
    'H.264 film with the same code as the app, printing progress on stderr. Exit code 0, 1 when the',
    'encoding fails, 130 when interrupted.',
    "With --moves, prints instead the session's moves (each pen digit written, changed or erased, and",
    "each cell's pencil marks as they changed, from the boards its manifest.json recorded per shot) as",
    'JSON lines: seconds, frame, cell, then digit and was (doubtful: true where the candidates chose',
    'between two close readings), or marks (unread: true where marks were seen but not read); where',
    'the session moves on to another puzzle, a line with its page number and givens. With --text,',
    'a plain line a move instead ("1:07  r5c1  8 (was 9)"), as the app saves a session\'s moves.',
  ].join('\n'),
  options: {
    out: { type: 'string', value: 'FILE', help: 'the film to write (required unless --moves)' },
    moves: { type: 'boolean', help: 'print the move log (JSON lines) of a session recorded by the app' },
    text: { type: 'boolean', help: 'with --moves, a plain text line a move instead: time, cell, digit or pencil marks' },
    'fps-in': { type: 'string', value: 'N', help: `shots per second of film (default ${DEFAULT_TIMELAPSE_SETTINGS.fpsIn})` },
    'fps-out': { type: 'string', value: 'N', help: `frame rate of the video (default ${DEFAULT_TIMELAPSE_SETTINGS.fpsOut})` },
    crf: { type: 'string', value: 'N', help: `quality, 0 (best) to 51 (default ${DEFAULT_TIMELAPSE_SETTINGS.crf})` },
    size: { type: 'string', value: 'WxH', help: "frame size, or source to keep the frames' (default 1280x720)" },
    crop: { type: 'string', value: 'CROP', help: 'full (default), puzzle (the fiducial sheet), or x,y,w,h' },
    stabilise: { type: 'boolean', help: 'hold the sheet still from frame to frame' },
    stamp: { type: 'boolean', help: 'print the elapsed time on each frame' },
    annotate: { type: 'boolean', help: 'draw time, digits filled and techniques from the boards the app recorded (manifest.json), and a final card' },
    'include-skipped': {
      type: 'boolean',
      help: 'encode too the looks kept but not filmed (skipped0000012.jpg…: a hand over the grid, idle minutes), in their place',
    },
    interval: { type: 'string', value: 'S', help: `seconds between shots, for the time stamp (default ${DEFAULT_TIMELAPSE_SETTINGS.intervalSeconds})` },
    preset: { type: 'string', value: 'NAME', help: 'x264 preset: ultrafast … slow (default veryfast)' },
    threads: { type: 'string', value: 'N', help: 'encoder threads, 0 to 64 (default: ffmpeg decides)' },
    quiet: { type: 'boolean', help: 'print nothing but errors' },
  },
  positionals: { min: 1, max: 1, name: 'a folder of frames' },
})

/** "full", "puzzle" or "x,y,w,h" -> the settings' crop (validated with the rest). */
function cropOption(text: string | undefined): unknown {
  if (text === undefined || text === 'full' || text === 'puzzle') return { kind: text ?? 'full' }
  const [x, y, width, height] = text.split(',').map(Number)
  return { kind: 'rect', x, y, width, height }
}
/** The boards a session folder's manifest recorded per shot; an input error when there are none. */
async function recordedShots(dir: string): Promise<readonly ShotRecord[]> {
  const manifest = await readManifest(dir).catch((error: Error) => {
    throw new InputError(`cannot read ${dir}: ${error.message}`)
  })
  if (!manifest) throw new InputError(`no time-lapse session (manifest.json) in ${dir}`)
  if (!manifest.shots?.length) throw new InputError(`the session in ${dir} recorded no boards (it was shot every interval)`)
  return manifest.shots
}

/** `--moves`: the session's move log on stdout, one JSON object a line, or with `--text` as plain text. */
async function printMoves(dir: string, text: boolean): Promise<number> {
  const moves = movesOf(await recordedShots(dir))
  process.stdout.write(text ? movesText(moves) : moves.map((move) => `${JSON.stringify(moveRecord(move))}\n`).join(''))
  return 0
}

const PRESETS: readonly X264Preset[] = ['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium', 'slow']

const numberOption = (value: string | undefined, fallback: number): number | string =>
  value === undefined ? fallback : value.trim() === '' ? value : Number(value)

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommand(spec, args)
  if (!parsed) return 0
  const { values } = parsed
  if (values.text && !values.moves) throw new UsageError('--text goes with --moves')
  if (values.moves) return printMoves(resolve(parsed.positionals[0]), values.text === true)
  if (values.out === undefined) throw new UsageError(`give --out FILE. Usage: sudoku-lens ${spec.usage}`)
  const dir = resolve(parsed.positionals[0])
  const output = resolve(values.out)
  const preset = choiceOption(values.preset, 'preset', PRESETS, 'veryfast')
  const threads = values.threads === undefined ? undefined : integerOption(values.threads, 'threads', 0, 0, 64)

  const sizeText = values.size
  const checked = validateTimelapseSettings({
    ...DEFAULT_TIMELAPSE_SETTINGS,
    fpsIn: numberOption(values['fps-in'], DEFAULT_TIMELAPSE_SETTINGS.fpsIn),
    fpsOut: numberOption(values['fps-out'], DEFAULT_TIMELAPSE_SETTINGS.fpsOut),
    crf: numberOption(values.crf, DEFAULT_TIMELAPSE_SETTINGS.crf),
    intervalSeconds: numberOption(values.interval, DEFAULT_TIMELAPSE_SETTINGS.intervalSeconds),
    size: sizeText === undefined ? DEFAULT_TIMELAPSE_SETTINGS.size : sizeText === 'source' ? null : sizeText,
    stampElapsed: values.stamp ?? false,
    stabilise: values.stabilise ?? false,
    annotate: values.annotate ?? false,
    includeSkipped: values['include-skipped'] ?? false,
    crop: cropOption(values.crop),
  })
  if (!checked.ok)
    throw new UsageError(checked.errors.map((e) => `--${e.replace(/^(\w+)/, (n) => n.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`))}`).join('; '))
  const settings = checked.value

  // The film's folder first: a missing or read-only one is reported before any frame is read.
  const film = await reserveFilm(output).catch((error: unknown) => {
    throw error instanceof FilmOutputError ? new InputError(error.message) : error
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
  const quiet = values.quiet ?? false
  const say = (text: string) => quiet || process.stderr.write(text)
  try {
    const { prefix, numbers: shotNumbers } = await listFrames(dir, ['frame', 'image']).catch((error: Error) => {
      throw new InputError(`cannot read ${dir}: ${error.message}`)
    })
    if (shotNumbers.length === 0) throw new InputError(`no frame0000001.jpg-style frames in ${dir}`)
    const looks = settings.includeSkipped ? (await listFrames(dir, [SKIPPED_PREFIX])).numbers : []
    const numbers = withLooks(shotNumbers, looks)
    say(
      `${counted(numbers.length, 'frame')} (${prefix}NNNNNNN.jpg) -> ${filmSeconds(numbers.length, settings.fpsIn).toFixed(1)} s of film at ${settings.fpsOut} fps\n`,
    )

    const shots = settings.annotate ? await recordedShots(dir) : undefined
    // The grid detector (and OpenCV) only when the settings need the sheet's corners.
    const sheet = settings.stabilise || settings.crop.kind === 'puzzle' ? await loadSheetLocator() : undefined
    const result = await encodeFrames({
      dir,
      numbers,
      prefix,
      skipped: new Set(looks),
      settings,
      output: film,
      stagingDir: join(staging, 'frames'),
      preset,
      threads,
      locate: sheet?.locate,
      loadCV: sheet && (async () => sheet.cv),
      shots,
      signal: controller.signal,
      onProgress: (p) => {
        const line = `\r${p.phase === 'preparing' ? 'Preparing' : 'Encoding'} ${p.percent === null ? '' : `${p.percent.toFixed(0).padStart(3)}% `}(frame ${p.frame}/${p.totalFrames})`
        if (line !== last) say((last = line))
      },
    })
    say(`\nWrote ${result.output} (${counted(result.frames, 'frame')}, ${result.durationSeconds.toFixed(1)} s) in ${result.elapsedSeconds.toFixed(1)} s\n`)
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
