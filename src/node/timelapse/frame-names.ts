/**
 * Frame file names: `frame0000001.jpg`, numbered by shot, 7 digits (ten million shots is
 * 115 days at one per second). ffmpeg's image2 reader takes the same shape as `frame%07d.jpg`.
 */
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'

export const FRAME_DIGITS = 7
export const FRAME_PREFIX = 'frame'
/**
 * Looks kept but not filmed (a "changes" recording's hand over the grid, idle minutes): numbered in
 * the shots' sequence under their own prefix, so a listing of frames never takes one for a shot,
 * even when the manifest that marks it was lost in a crash.
 */
export const SKIPPED_PREFIX = 'skipped'
export const FRAME_PATTERN = `${FRAME_PREFIX}%0${FRAME_DIGITS}d.jpg`
export const MAX_FRAME_NUMBER = 10 ** FRAME_DIGITS - 1

export function frameName(n: number, prefix = FRAME_PREFIX): string {
  if (!Number.isInteger(n) || n < 0 || n > MAX_FRAME_NUMBER) throw new RangeError(`frame number out of range: ${n}`)
  return `${prefix}${String(n).padStart(FRAME_DIGITS, '0')}.jpg`
}

/**
 * The number in a finished frame's name, or undefined for anything else (temp files, manifest,
 * films). `image` is accepted too: the old Raspberry Pi tool wrote `image0000001.jpg`.
 */
export function frameNumber(name: string, prefixes: readonly string[] = [FRAME_PREFIX]): number | undefined {
  const m = /^([a-z]+)(\d{7})\.jpg$/.exec(name)
  if (!m || !prefixes.includes(m[1])) return undefined
  return Number(m[2])
}

export interface FrameListing {
  readonly prefix: string
  /** Frame numbers present on disk, ascending. */
  readonly numbers: readonly number[]
}

/**
 * Lists the frames in a folder; the folder on disk is the truth, whatever a manifest says. Only
 * regular files count: a symbolic link named like a frame is not followed, nor encoded, nor deleted.
 */
/** Number `n`'s file in a sequence where the numbers in `skipped` are kept looks and the rest frames under `prefix`. */
export function sequenceFile(dir: string, n: number, prefix: string, skipped?: ReadonlySet<number>): string {
  return join(dir, frameName(n, skipped?.has(n) ? SKIPPED_PREFIX : prefix))
}

/** `numbers` and the kept looks' numbers `looks` as one sequence, ascending. */
export function withLooks(numbers: readonly number[], looks: readonly number[]): number[] {
  return [...numbers, ...looks].sort((a, b) => a - b)
}

/** The highest number a frame or a kept look has on disk, 0 for none: the next shot's must be above it. */
export async function lastNumberOnDisk(dir: string): Promise<number> {
  const lists = await Promise.all([FRAME_PREFIX, SKIPPED_PREFIX].map((prefix) => listFrames(dir, [prefix])))
  return Math.max(0, ...lists.map(({ numbers }) => numbers.at(-1) ?? 0))
}

export async function listFrames(dir: string, prefixes: readonly string[] = [FRAME_PREFIX]): Promise<FrameListing> {
  const entries = await readdir(dir, { withFileTypes: true })
  const byPrefix = new Map<string, number[]>()
  for (const entry of entries) {
    if (!entry.isFile()) continue
    const name = entry.name
    const n = frameNumber(name, prefixes)
    if (n === undefined) continue
    const prefix = name.slice(0, name.length - FRAME_DIGITS - '.jpg'.length)
    const list = byPrefix.get(prefix) ?? []
    list.push(n)
    byPrefix.set(prefix, list)
  }
  // A folder holds one sequence; when several prefixes are present the largest one wins.
  let best: FrameListing = { prefix: prefixes[0], numbers: [] }
  for (const [prefix, numbers] of byPrefix) if (numbers.length > best.numbers.length) best = { prefix, numbers: numbers.sort((a, b) => a - b) }
  return best
}
