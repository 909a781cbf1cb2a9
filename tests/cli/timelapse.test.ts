/** `sudoku-lens timelapse`: the app's encoder on a folder of frames, including the old `image%07d.jpg` naming. */
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { run } from '../../src/cli/commands/timelapse'
import { probeVideo } from '../../src/main/timelapse/ffmpeg-probe'
import { ffmpegPath, makeFrames, nearDuration, tempDir } from '../main/timelapse/helpers'

let dir: string
beforeAll(async () => {
  dir = await tempDir('cli')
  // The Raspberry Pi tool's naming, with a gap where a shot was lost.
  await makeFrames(dir, 20, { prefix: 'image', numbers: [...Array.from({ length: 10 }, (_, i) => i + 1), ...Array.from({ length: 10 }, (_, i) => i + 15)] })
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('timelapse command', () => {
  it('encodes the folder at the requested rates and size', async () => {
    const out = join(dir, 'film.mp4')
    const code = await run([dir, '--out', out, '--fps-in', '5', '--fps-out', '15', '--crf', '28', '--size', '480x270', '--quiet'])
    expect(code).toBe(0)
    const info = await probeVideo(ffmpegPath, out)
    expect(info).toMatchObject({ codec: 'h264', width: 480, height: 270, fps: 15 })
    expect(nearDuration(info.durationSeconds, 4, 15)).toBe(true)
  })

  it('refuses out-of-range options and a folder without frames', async () => {
    await expect(run([dir, '--out', join(dir, 'x.mp4'), '--crf', '60'])).rejects.toThrow(/--crf must be a whole number from 0 to 51/)
    await expect(run([dir, '--out', join(dir, 'x.mp4'), '--size', 'big'])).rejects.toThrow(/size/)
    await expect(run([join(dir, 'nowhere'), '--out', join(dir, 'x.mp4')])).rejects.toThrow(/cannot read/)
    await expect(run([dir])).rejects.toThrow(/--out/)
  })
})
