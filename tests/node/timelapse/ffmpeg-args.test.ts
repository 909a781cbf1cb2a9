import { describe, expect, it } from 'vitest'
import { buildEncodeArgs, even, videoFilters } from '../../../src/node/timelapse/ffmpeg-args'

const base = {
  inputCodec: 'mjpeg' as const,
  fpsIn: 10,
  fpsOut: 24,
  crf: 20,
  crop: null,
  size: { width: 1280, height: 720 },
  output: '/tmp/out.mp4',
}

const valueAfter = (args: string[], flag: string) => args[args.indexOf(flag) + 1]

describe('buildEncodeArgs', () => {
  it('reads images from its standard input at the input rate and writes H.264 at the output rate', () => {
    const args = buildEncodeArgs(base)
    expect(valueAfter(args, '-framerate')).toBe('10')
    expect(valueAfter(args, '-f')).toBe('image2pipe')
    expect(valueAfter(args, '-i')).toBe('pipe:0')
    expect(args).toContain('-nostdin')
    expect(valueAfter(args, '-r')).toBe('24')
    // The input's codec before -i, x264 after it.
    expect(args.slice(0, args.indexOf('-i'))).toEqual(expect.arrayContaining(['-c:v', 'mjpeg']))
    expect(valueAfter(args.slice(args.indexOf('-i')), '-c:v')).toBe('libx264')
    expect(valueAfter(args, '-crf')).toBe('20')
    expect(valueAfter(args, '-g')).toBe('15')
    expect(valueAfter(args, '-pix_fmt')).toBe('yuv420p')
    expect(args).toContain('-y')
    expect(args.at(-1)).toBe('/tmp/out.mp4')
    // Input options must come before -i, output options after it.
    expect(args.indexOf('-framerate')).toBeLessThan(args.indexOf('-i'))
    expect(args.indexOf('-r')).toBeGreaterThan(args.indexOf('-i'))
  })

  it('names the output format, and passes the preset and thread count', () => {
    expect(buildEncodeArgs(base).slice(-3)).toEqual(['-f', 'mp4', '/tmp/out.mp4'])
    expect(valueAfter(buildEncodeArgs({ ...base, inputCodec: 'png' }), '-c:v')).toBe('png')
    const args = buildEncodeArgs({ ...base, preset: 'medium', threads: 2 })
    expect(valueAfter(args, '-preset')).toBe('medium')
    expect(valueAfter(args, '-threads')).toBe('2')
    expect(buildEncodeArgs(base)).not.toContain('-threads')
    expect(valueAfter(buildEncodeArgs(base), '-preset')).toBe('veryfast')
  })

  it('keeps fractional rates as given', () => {
    expect(valueAfter(buildEncodeArgs({ ...base, fpsIn: 12.5 }), '-framerate')).toBe('12.5')
  })
})

describe('videoFilters', () => {
  it('fits into an even output size and pads to it exactly', () => {
    const vf = videoFilters(null, { width: 1281, height: 721 })
    expect(vf).toContain('pad=1280:720')
    expect(vf).toContain("scale=w='trunc(min(1280/iw,720/ih)*iw/2)*2'")
    expect(vf.endsWith('setsar=1')).toBe(true)
  })

  it('crops first, with even width and height', () => {
    const vf = videoFilters({ x: 10.4, y: 3, width: 301, height: 199 }, null)
    expect(vf.split(',')[0]).toBe('crop=300:198:10:3')
  })

  it('rounds the frame down to even dimensions when keeping its size', () => {
    expect(videoFilters(null, null)).toBe('crop=trunc(iw/2)*2:trunc(ih/2)*2,setsar=1')
  })

  it('even() never goes below 2', () => {
    expect([even(0), even(1), even(2), even(3), even(720)]).toEqual([2, 2, 2, 2, 720])
  })
})
