// Fixtures are stderr captured from the bundled ffmpeg (@ffmpeg-installer, build 20181210-g0e8eb07980).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createProgressReader, ffmpegErrorMessage, framesDecoded, parseProgressLine, parseTimestamp } from '../../../src/node/timelapse/ffmpeg-progress'
import { parseVideoInfo } from '../../../src/node/timelapse/ffmpeg-probe'
import type { EncodeProgress } from '../../../src/shared/timelapse/settings'

const fixture = (name: string) => readFileSync(join(__dirname, '../../fixtures/timelapse', name), 'utf8')

describe('parseTimestamp', () => {
  it('reads hh:mm:ss.cc', () => {
    expect(parseTimestamp('00:00:02.00')).toBe(2)
    expect(parseTimestamp('01:02:03.50')).toBeCloseTo(3723.5)
    expect(parseTimestamp('N/A')).toBeUndefined()
  })
})

describe('parseProgressLine', () => {
  it('reads a status line, with the percentage of the expected frames', () => {
    const p = parseProgressLine('frame=   73 fps= 45 q=22.0 size=    3840kB time=00:00:02.00 bitrate=15728.2kbits/s dup=42 drop=0 speed=1.22x    ', 480)
    expect(p).toEqual({ frame: 73, fps: 45, timeSeconds: 2, speed: 1.22, percent: (100 * 73) / 480 })
  })

  it('gives a null percentage without a total, and ignores other lines', () => {
    expect(parseProgressLine('frame=   30 fps=0.0 q=4.0 Lsize=N/A time=00:00:03.00 bitrate=N/A speed= 129x')?.percent).toBeNull()
    expect(parseProgressLine('Stream mapping:')).toBeUndefined()
    expect(parseProgressLine('  Duration: 00:00:20.00, start: 0.000000, bitrate: N/A')).toBeUndefined()
  })
})

describe('createProgressReader on real ffmpeg stderr', () => {
  const stderr = fixture('encode-progress.stderr.txt')
  const expectedLines = stderr.split(/[\r\n]/).filter((l) => l.startsWith('frame=')).length

  it('reports every status line, in order, ending at the last frame', () => {
    const seen: EncodeProgress[] = []
    const read = createProgressReader((p) => seen.push(p), 480)
    read(stderr)
    expect(seen.length).toBe(expectedLines)
    expect(seen.length).toBeGreaterThan(10)
    for (let i = 1; i < seen.length; i++) expect(seen[i].frame).toBeGreaterThanOrEqual(seen[i - 1].frame)
    expect(seen.at(-1)!.frame).toBe(480)
    expect(seen.at(-1)!.percent).toBe(100)
    expect(seen.at(-1)!.timeSeconds).toBeCloseTo(19.87)
  })

  it('gives the same reports when the output arrives in arbitrary small chunks', () => {
    const whole: EncodeProgress[] = []
    createProgressReader((p) => whole.push(p), 480)(stderr)
    const chunked: EncodeProgress[] = []
    const read = createProgressReader((p) => chunked.push(p), 480)
    for (let i = 0; i < stderr.length; i += 37) read(stderr.slice(i, i + 37))
    expect(chunked).toEqual(whole)
  })
})

describe('ffmpegErrorMessage', () => {
  it("picks ffmpeg's own explanation for a corrupt input", () => {
    const msg = ffmpegErrorMessage(fixture('encode-corrupt-input.stderr.txt'))
    expect(msg).toContain('Conversion failed!')
    expect(msg).not.toContain('libavutil')
  })

  it('leaves out the statistics -v verbose adds', () => {
    const stderr = [
      'Error while decoding stream #0:0: Invalid data found when processing input',
      'Conversion failed!',
      '[AVIOContext @ 0x1de08880] Statistics: 0 seeks, 0 writeouts',
      'Input file #0 (pipe:0):',
    ].join('\n')
    expect(ffmpegErrorMessage(stderr)).toBe('Error while decoding stream #0:0: Invalid data found when processing input\nConversion failed!')
  })

  it('names the missing input', () => {
    expect(ffmpegErrorMessage(fixture('encode-missing-input.stderr.txt'))).toContain('No such file or directory')
  })
})

describe('framesDecoded', () => {
  it('reads how many images ffmpeg decoded from its closing statistics', () => {
    // As the bundled ffmpeg prints them at -v verbose.
    const stderr =
      'Input file #0 (pipe:0):\n  Input stream #0:0 (video): 12 packets read (105299 bytes); 12 frames decoded; \n  Total: 12 packets (105299 bytes) demuxed\n'
    expect(framesDecoded(stderr)).toBe(12)
    expect(framesDecoded('Conversion failed!')).toBeUndefined()
  })
})

describe('parseVideoInfo', () => {
  it('reads codec, size, rate and duration from `ffmpeg -i`', () => {
    const info = parseVideoInfo(fixture('probe-h264.stderr.txt'))
    expect(info).toMatchObject({ codec: 'h264', profile: 'High', pixelFormat: 'yuv420p', width: 1280, height: 720, fps: 24 })
    expect(info.durationSeconds).toBeCloseTo(20)
  })
})
