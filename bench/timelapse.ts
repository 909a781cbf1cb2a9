/**
 * Time-lapse figures, written to bench/README.md's "Time-lapse" section:
 *  1. encode time for N frames at 1280x720 (default 1000) through the app's encoder
 *     (`encodeFrames`, the same path as the app and the CLI), for each x264 preset asked for;
 *  2. the main-process CPU cost of recording one shot per second (SessionRecorder: queue, atomic
 *     write with fsync, manifest update), measured over a real-time run and per frame flat out.
 *
 *   npm run bench:timelapse [-- --frames 1000 --presets veryfast,superfast --noise 12,3 --capture-seconds 30]
 *
 * `--quick`: 20 frames, veryfast, noise 3, 2 s of recording, 20 shots flat out.
 *
 * Frames are made from a photo of B. Wicht's sudoku_dataset (CC-BY-4.0; B. Wicht, J. Hennebert,
 * "Camera-based Sudoku recognition with Deep Belief Network", SoCPaR 2014), scaled to 1280x720
 * with moving sensor-like noise so x264 cannot skip them as identical, JPEG quality ~90 like a
 * webcam grab.
 */
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg'
import { encodeFrames } from '../src/node/timelapse/encode-frames'
import { reserveFilm } from '../src/node/timelapse/film-output'
import type { X264Preset } from '../src/node/timelapse/ffmpeg-args'
import { probeVideo } from '../src/node/timelapse/ffmpeg-probe'
import { listFrames } from '../src/node/timelapse/frame-names'
import { SessionRecorder } from '../src/node/timelapse/session-store'
import { DEFAULT_TIMELAPSE_SETTINGS, type TimelapseSettings } from '../src/shared/timelapse/settings'
import { WICHT_DIR } from '../datasets/paths'
import { QUICK, measuredLine, writeReadmeSection } from '../devkit/readme-section'

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? process.argv[i + 1] : fallback
}
const FRAMES = Number(arg('frames', QUICK ? '20' : '1000'))
const PRESETS = arg('presets', QUICK ? 'veryfast' : 'veryfast,superfast').split(',') as X264Preset[]
/** Strength of ffmpeg's `noise` filter: 12 is a grainy low-light webcam, 3 a clean bright one. */
const NOISES = arg('noise', QUICK ? '3' : '12,3')
  .split(',')
  .map(Number)
const CAPTURE_SECONDS = Number(arg('capture-seconds', QUICK ? '2' : '30'))
/** Shots written back to back for the flat-out figure. */
const FLAT_OUT_SHOTS = QUICK ? 20 : 200
const PHOTO = join(WICHT_DIR, 'image1.jpg')
const ffmpeg = ffmpegInstaller.path

async function makeFrames(dir: string, noise: number): Promise<void> {
  await rm(dir, { recursive: true, force: true })
  await mkdir(dir, { recursive: true })
  await promisify(execFile)(ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-loop',
    '1',
    '-framerate',
    '10',
    '-i',
    PHOTO,
    '-vf',
    `scale=1280:720,noise=alls=${noise}:allf=t+u`,
    '-frames:v',
    String(FRAMES),
    '-q:v',
    '3',
    join(dir, 'frame%07d.jpg'),
  ])
}

/**
 * CPU seconds used by this process's finished children (ffmpeg), from /proc/self/stat's cutime and
 * cstime. Unlike wall time this hardly depends on how many other programs share the cores.
 */
async function childCpuSeconds(): Promise<number> {
  const fields = (await readFile('/proc/self/stat', 'utf8')).replace(/^.*\) /s, '').split(' ')
  // After "pid (comm) ", field 3 is index 0; cutime and cstime are fields 16 and 17 (clock ticks, 100/s).
  return (Number(fields[13]) + Number(fields[14])) / 100
}

async function timeEncode(dir: string, settings: TimelapseSettings, preset: X264Preset) {
  const { numbers } = await listFrames(dir)
  const output = join(dir, `film-${preset}-${settings.fpsOut}.mp4`)
  const cpu0 = await childCpuSeconds()
  const t0 = performance.now()
  const result = await encodeFrames({
    dir,
    numbers,
    settings,
    output: await reserveFilm(output),
    stagingDir: join(dir, '.staging'),
    preset,
    ffmpegPath: ffmpeg,
  })
  const seconds = (performance.now() - t0) / 1000
  const cpu = (await childCpuSeconds()) - cpu0
  const info = await probeVideo(ffmpeg, output)
  const size = (await stat(output)).size
  await rm(output)
  return { seconds, cpu, framesOut: result.framesWritten, info, sizeMB: size / 2 ** 20 }
}

/** CPU used by this process while recording one shot per second in real time. */
async function captureCost(base: string, shots: Buffer[]) {
  const recorder = await SessionRecorder.create(base, DEFAULT_TIMELAPSE_SETTINGS)
  const cpu0 = process.cpuUsage()
  const t0 = performance.now()
  for (let i = 0; i < CAPTURE_SECONDS; i++) {
    recorder.addFrame(shots[i % shots.length])
    const next = t0 + (i + 1) * 1000
    await new Promise((ok) => setTimeout(ok, Math.max(0, next - performance.now())))
  }
  await recorder.stop()
  const cpu = process.cpuUsage(cpu0)
  const wall = (performance.now() - t0) / 1000
  return { percent: (100 * (cpu.user + cpu.system)) / 1e6 / wall, wall }
}

/** CPU per shot when shots come back to back (each written before the next). */
async function perShot(base: string, shots: Buffer[], count = FLAT_OUT_SHOTS) {
  const recorder = await SessionRecorder.create(base, DEFAULT_TIMELAPSE_SETTINGS)
  const cpu0 = process.cpuUsage()
  const t0 = performance.now()
  for (let i = 0; i < count; i++) {
    recorder.addFrame(shots[i % shots.length])
    await recorder.idle()
  }
  await recorder.stop()
  const cpu = process.cpuUsage(cpu0)
  return { cpuMs: (cpu.user + cpu.system) / 1000 / count, wallMs: (performance.now() - t0) / count }
}

const root = await mkdtemp(join(tmpdir(), 'sudoku-lens-bench-tl-'))
try {
  const cores = cpus().length
  const table = [`| frames (noise) | preset | encode wall s | ffmpeg CPU s | CPU s / ${cores} cores | film | size MiB |`, '|---|---|---|---|---|---|---|']
  const out = (line: string): void => void (console.log(line), table.push(line))
  for (const line of table) console.log(line)
  const dir = join(root, 'frames')
  let shots: Buffer[] = []
  for (const noise of NOISES) {
    await makeFrames(dir, noise)
    const names = (await readdir(dir)).filter((n) => n.endsWith('.jpg')).sort()
    const kib = (await stat(join(dir, names[0]))).size / 1024
    if (shots.length === 0) shots = await Promise.all(names.slice(0, 20).map((n) => readFile(join(dir, n))))
    for (const preset of PRESETS) {
      const settings = { ...DEFAULT_TIMELAPSE_SETTINGS, fpsIn: 10, fpsOut: 24, size: { width: 1280, height: 720 }, crf: 20 }
      const r = await timeEncode(dir, settings, preset)
      out(
        `| ${names.length} × ~${kib.toFixed(0)} KiB (noise ${noise}) | ${preset} | ${r.seconds.toFixed(1)} | ${r.cpu.toFixed(1)} | ${(r.cpu / cores).toFixed(1)} | ` +
          `${r.info.codec} ${r.info.width}x${r.info.height} ${r.info.fps} fps ${r.info.durationSeconds?.toFixed(1)} s, ${r.framesOut} frames | ${r.sizeMB.toFixed(1)} |`,
      )
    }
  }

  const base = join(root, 'sessions')
  const flat = await perShot(base, shots)
  const flatLine = `recording flat out: ${flat.cpuMs.toFixed(2)} ms CPU per shot (${flat.wallMs.toFixed(1)} ms wall, fsync included)`
  console.log(`\n${flatLine}`)
  const live = await captureCost(base, shots)
  const liveLine = `recording 1 shot/s for ${live.wall.toFixed(0)} s: ${live.percent.toFixed(2)} % of one core (whole process: timers, queue, writes, manifest)`
  console.log(liveLine)
  const args = process.argv.slice(2)
  writeReadmeSection(
    'Time-lapse',
    [
      `\`npm run bench:timelapse\` (bench/timelapse.ts). **Encoding** ${FRAMES} frames at 1280×720 through the app's encoder ` +
        "(`encodeFrames`, the path of the app and the CLI) with the app's defaults: 10 shots per second of film, 24 fps out, CRF 20, " +
        "`-g 15`, yuv420p, the bundled ffmpeg (@ffmpeg-installer, static build with libx264). Frames: a photo from B. Wicht's " +
        'sudoku_dataset (CC-BY-4.0) scaled to 1280×720 with moving noise (ffmpeg `noise` filter) so no two frames are alike, JPEG ' +
        "q≈90: strength 12 ≈ a grainy low-light webcam, 3 ≈ a clean bright one. The ffmpeg CPU column (the child's user + system " +
        `time) hardly depends on other load; CPU s / ${cores} is the best wall time the cores could give.`,
      '',
      ...table,
      '',
      '**Recording** in the main process (SessionRecorder: queue, atomic frame write with fsync and rename, manifest rewrite with ' +
        `fsync): ${flatLine.replace('recording flat out: ', 'flat out, ')}; ${liveLine.replace('recording ', '')}. Not included: the ` +
        "renderer's JPEG encoding and the IPC copy of each shot.",
      '',
      'Targets: 1000 frames encoded under 60 s; recording under 5% of one core.',
      '',
      measuredLine(`npm run bench:timelapse${args.length ? ` -- ${args.join(' ')}` : ''}`),
    ].join('\n'),
  )
} finally {
  await rm(root, { recursive: true, force: true })
}
