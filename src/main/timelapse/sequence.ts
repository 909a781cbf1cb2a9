/**
 * Makes a frame sequence ffmpeg can read in one go. ffmpeg's image2 reader stops at the first
 * missing number, but dropped shots and crash recovery leave gaps; a sequence with gaps is
 * hard-linked (no copying) into a staging folder under contiguous numbers.
 */
import { copyFile, link, mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { FRAME_PATTERN, frameName, FRAME_PREFIX } from './frame-names'

export interface ReadableSequence {
  /** Folder to run ffmpeg in. */
  readonly dir: string
  readonly pattern: string
  readonly startNumber: number
  readonly frameCount: number
  /** Removes the staging folder, if one was made. */
  readonly cleanup: () => Promise<void>
}

/** True when `numbers` (ascending) run without a gap. */
export function isContiguous(numbers: readonly number[]): boolean {
  return numbers.every((n, i) => i === 0 || n === numbers[i - 1] + 1)
}

export async function readableSequence(
  dir: string,
  numbers: readonly number[],
  stagingDir: string,
  prefix: string = FRAME_PREFIX,
): Promise<ReadableSequence> {
  if (numbers.length === 0) throw new Error(`No frames to encode in ${dir}`)
  if (isContiguous(numbers))
    return {
      dir,
      pattern: `${prefix}%07d.jpg`,
      startNumber: numbers[0],
      frameCount: numbers.length,
      cleanup: async () => undefined,
    }
  await rm(stagingDir, { recursive: true, force: true })
  await mkdir(stagingDir, { recursive: true })
  let i = 0
  for (const n of numbers) {
    const from = join(dir, frameName(n, prefix))
    const to = join(stagingDir, frameName(++i))
    // Links fail across devices and on some network shares; a copy always works.
    await link(from, to).catch(() => copyFile(from, to))
  }
  return {
    dir: stagingDir,
    pattern: FRAME_PATTERN,
    startNumber: 1,
    frameCount: numbers.length,
    cleanup: () => rm(stagingDir, { recursive: true, force: true }),
  }
}
