import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cropRect, puzzleCropRect } from '../../../src/node/timelapse/crop'
import { unpackedPath } from '../../../src/node/timelapse/ffmpeg-path'
import { frameName, frameNumber, listFrames } from '../../../src/node/timelapse/frame-names'
import { tempDir } from './helpers'

describe('unpackedPath', () => {
  it('points a binary inside app.asar at app.asar.unpacked', () => {
    expect(unpackedPath('/opt/Sudoku Lens/resources/app.asar/node_modules/@ffmpeg-installer/linux-x64/ffmpeg', '/')).toBe(
      '/opt/Sudoku Lens/resources/app.asar.unpacked/node_modules/@ffmpeg-installer/linux-x64/ffmpeg',
    )
    expect(unpackedPath('C:\\Apps\\resources\\app.asar\\node_modules\\ffmpeg.exe', '\\')).toBe(
      'C:\\Apps\\resources\\app.asar.unpacked\\node_modules\\ffmpeg.exe',
    )
    const dev = '/work/main/node_modules/@ffmpeg-installer/linux-x64/ffmpeg'
    expect(unpackedPath(dev, '/')).toBe(dev)
    expect(unpackedPath('/x/app.asar.unpacked/ffmpeg', '/')).toBe('/x/app.asar.unpacked/ffmpeg')
  })
})

describe('frame names', () => {
  it('uses 7-digit numbers and ignores temp files and other names', async () => {
    expect(frameName(1)).toBe('frame0000001.jpg')
    expect(frameName(1234567, 'image')).toBe('image1234567.jpg')
    expect(() => frameName(10_000_000)).toThrow(RangeError)
    expect(frameNumber('frame0000042.jpg')).toBe(42)
    expect(frameNumber('.frame0000042.jpg.tmp')).toBeUndefined()
    expect(frameNumber('frame42.jpg')).toBeUndefined()
    expect(frameNumber('image0000042.jpg')).toBeUndefined()
    expect(frameNumber('image0000042.jpg', ['frame', 'image'])).toBe(42)

    const dir = await tempDir('names')
    for (const name of ['frame0000003.jpg', 'frame0000001.jpg', '.frame0000002.jpg.tmp', 'manifest.json', 'timelapse.mp4']) await writeFile(join(dir, name), '')
    await mkdir(join(dir, '.staging'))
    expect(await listFrames(dir)).toEqual({ prefix: 'frame', numbers: [1, 3] })
    await rm(dir, { recursive: true })
  })
})

describe('crop rectangles', () => {
  const corners = [
    { x: 100, y: 50 },
    { x: 300, y: 60 },
    { x: 310, y: 250 },
    { x: 90, y: 240 },
  ] as const

  it('boxes the puzzle with a margin, inside the frame', () => {
    const r = puzzleCropRect(corners, 640, 480, 0.1)
    expect(r).toEqual({ x: 68, y: 30, width: 264, height: 240 })
    const edge = puzzleCropRect(corners, 320, 260, 0.1)
    expect(edge.x + edge.width).toBeLessThanOrEqual(320)
    expect(edge.y + edge.height).toBeLessThanOrEqual(260)
  })

  it('resolves each crop kind', () => {
    expect(cropRect({ kind: 'full' }, 640, 480)).toBeNull()
    expect(cropRect({ kind: 'puzzle' }, 640, 480, null)).toBeNull()
    expect(cropRect({ kind: 'puzzle' }, 640, 480, corners)).not.toBeNull()
    expect(cropRect({ kind: 'rect', x: 600, y: 10, width: 200, height: 100 }, 640, 480)).toEqual({ x: 600, y: 10, width: 40, height: 100 })
  })
})
