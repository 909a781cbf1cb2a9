/** Real frames and real ffmpeg for the time-lapse tests (no mocks). */
import { execFile } from 'node:child_process'
import { mkdtemp, readdir, rename } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { promisify } from 'node:util'
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg'
import sharp from 'sharp'
import { frameName } from '../../../src/node/timelapse/frame-names'
import type { CV } from '../../../src/shared/vision/core/cv'

export const ffmpegPath = ffmpegInstaller.path
const run = promisify(execFile)

export const tempDir = (tag: string): Promise<string> => mkdtemp(join(tmpdir(), `sudoku-lens-${tag}-`))

/**
 * Writes `count` JPEG frames of ffmpeg's moving test pattern into `dir`, numbered `numbers`
 * (default 1..count) so tests can leave gaps.
 */
export async function makeFrames(
  dir: string,
  count: number,
  { width = 320, height = 240, numbers, prefix = 'frame' }: { width?: number; height?: number; numbers?: number[]; prefix?: string } = {},
): Promise<number[]> {
  const scratch = await mkdtemp(join(dir, '.gen-'))
  await run(ffmpegPath, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${width}x${height}:rate=10`,
    '-frames:v',
    String(count),
    '-q:v',
    '5',
    join(scratch, 'g%07d.jpg'),
  ])
  const made = (await readdir(scratch)).sort()
  const wanted = numbers ?? made.map((_, i) => i + 1)
  for (let i = 0; i < made.length; i++) await rename(join(scratch, made[i]), join(dir, frameName(wanted[i], prefix)))
  await run('rmdir', [scratch])
  return wanted
}

/** ffmpeg may round the film by one output frame either way. */
export function nearDuration(actual: number | undefined, expected: number, fpsOut: number): boolean {
  return actual !== undefined && Math.abs(actual - expected) <= 1 / fpsOut + 0.01
}

/**
 * OpenCV through Node's own require. Importing `src/shared/vision/core/opencv.ts` inside vitest never
 * settles (the CommonJS module's `then` leaks into the ESM namespace vitest awaits), while the
 * same module loaded by require works; the object is the same OpenCV build either way.
 */
export async function loadOpenCVForTests(): Promise<CV> {
  const mod = createRequire(import.meta.url)('@techstark/opencv-js') as CV & { onRuntimeInitialized?: () => void }
  if (typeof mod.Mat !== 'function') await new Promise<void>((ok) => (mod.onRuntimeInitialized = () => ok()))
  delete (mod as { then?: unknown }).then
  return mod
}

/** Linux: the ids of the ffmpeg processes whose parent is `parent` (read from /proc). */
export async function ffmpegChildren(parent: number): Promise<number[]> {
  const { readdir: list, readFile: read } = await import('node:fs/promises')
  const found: number[] = []
  for (const name of await list('/proc')) {
    if (!/^\d+$/.test(name)) continue
    const stat = await read(`/proc/${name}/stat`, 'utf8').catch(() => '')
    // "pid (comm) state ppid …": comm may hold spaces, so split after its closing parenthesis.
    const m = /^\d+ \((.*)\) (\S) (\d+)/s.exec(stat)
    if (m && m[1] === 'ffmpeg' && Number(m[3]) === parent) found.push(Number(name))
  }
  return found
}

/** The CPU seconds (user + system) a running process has used, or null once it has ended. */
async function cpuSecondsOf(pid: number): Promise<number | null> {
  const { readFile: read } = await import('node:fs/promises')
  const stat = await read(`/proc/${pid}/stat`, 'utf8').catch(() => null)
  if (stat === null) return null
  // After "pid (comm) ": state is field 3, utime and stime fields 14 and 15, in USER_HZ (100 on Linux).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return fields[0] === 'Z' || fields[0] === 'X' ? null : (Number(fields[11]) + Number(fields[12])) / 100
}

/**
 * Waits for a process to end and gives the CPU seconds it used from this call on, or that much as
 * soon as it has used `limit`. How much work a process does is the same on a loaded machine, its
 * wall-clock time is not: an orphaned ffmpeg that ended within 2 s on an idle machine took over 15 s
 * beside another test file and the retry's encode.
 */
export async function cpuUntilEnded(pid: number, limit: number): Promise<number> {
  const first = await cpuSecondsOf(pid)
  if (first === null) return 0
  for (let used = 0; ; await new Promise((ok) => setTimeout(ok, 50))) {
    const now = await cpuSecondsOf(pid)
    if (now === null) return used
    used = now - first
    if (used >= limit) return used
  }
}

/** Mean absolute difference of two images' grey values over a region. */
export async function regionDifference(a: Buffer, b: Buffer, region: { left: number; top: number; width: number; height: number }): Promise<number> {
  const [ra, rb] = await Promise.all([a, b].map((x) => sharp(x).extract(region).greyscale().raw().toBuffer()))
  let sum = 0
  for (let i = 0; i < ra.length; i++) sum += Math.abs(ra[i] - rb[i])
  return sum / ra.length
}

/** Every frame of a film decoded by ffmpeg to 8-bit grey, `width` × `height` bytes each. */
export async function greyFrames(file: string, width: number, height: number): Promise<Uint8Array[]> {
  const { stdout } = await run(ffmpegPath, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-i', file, '-f', 'rawvideo', '-pix_fmt', 'gray', '-'], {
    encoding: 'buffer',
    maxBuffer: 1 << 28,
  })
  const size = width * height
  return Array.from({ length: Math.floor(stdout.length / size) }, (_, i) => new Uint8Array(stdout.subarray(i * size, (i + 1) * size)))
}

/** Mean absolute difference of two grey images (`width` pixels a row) inside `region`. */
export function greyDifference(a: Uint8Array, b: Uint8Array, width: number, r: { left: number; top: number; width: number; height: number }): number {
  let sum = 0
  for (let y = r.top; y < r.top + r.height; y++) for (let x = r.left; x < r.left + r.width; x++) sum += Math.abs(a[y * width + x] - b[y * width + x])
  return sum / (r.width * r.height)
}
