/** The annotated film: overlays drawn into copies at encode time, a closing card, the frames on disk untouched. */
import { spawnSync } from 'node:child_process'
import { readFile, readdir, rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cardSvg } from '../../../src/node/timelapse/annotate'
import { encodeFrames } from '../../../src/node/timelapse/encode-frames'
import { countVideoFrames } from '../../../src/node/timelapse/ffmpeg-probe'
import { reserveFilm } from '../../../src/node/timelapse/film-output'
import { frameName } from '../../../src/node/timelapse/frame-names'
import { prepareFrames } from '../../../src/node/timelapse/prepare-frames'
import { SessionRecorder } from '../../../src/node/timelapse/session-store'
import { solve } from '../../../src/shared/sudoku/solver'
import { DEFAULT_TIMELAPSE_SETTINGS } from '../../../src/shared/timelapse/settings'
import { annotationsOf, finalCard } from '../../../src/shared/timelapse/annotations'
import { pagesOf } from '../../../src/shared/timelapse/pages'
import { gridText } from '../../../src/shared/timelapse/shots'
import { ffmpegPath, greyDifference, greyFrames, makeFrames, regionDifference, tempDir } from './helpers'

const BIN = resolve('bin/sudoku-lens.js')
const PUZZLE = '530070000600195000098000060800060003400803001700020006060000280000419005000080079'
const solution = solve(Uint8Array.from(PUZZLE, Number), { limit: 2 }).solution!
const EMPTY_CELLS = [...PUZZLE].flatMap((c, i) => (c === '0' ? [i] : []))

let base: string
let dir: string
beforeAll(async () => {
  base = await tempDir('annotate')
  // Four shots of a plain page, each with one more right digit than the one before.
  let clock = Date.parse('2026-11-24T10:00:00Z')
  const recorder = await SessionRecorder.create(base, { ...DEFAULT_TIMELAPSE_SETTINGS, shotMode: 'changes' }, { now: () => new Date(clock), fsync: false })
  const jpeg = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#eeeeee' } })
    .jpeg()
    .toBuffer()
  for (let k = 0; k < 4; k++) {
    const entries = new Uint8Array(81)
    for (const c of EMPTY_CELLS.slice(0, k)) entries[c] = solution[c]
    recorder.addFrame(jpeg, { givens: PUZZLE, entries: gridText(entries), marks: Array(81).fill('').join(',') })
    clock += 20_000
  }
  await recorder.stop()
  dir = recorder.dir
})
afterAll(() => rm(base, { recursive: true, force: true }))

describe('annotated encode', () => {
  it('draws the box at the top left of copies and ends on the card, leaving the frames on disk clean', async () => {
    const { readManifest } = await import('../../../src/node/timelapse/manifest')
    const pages = pagesOf((await readManifest(dir))!.shots!)
    const original = await readFile(join(dir, frameName(2)))
    const prepared = await prepareFrames({
      dir,
      numbers: [1, 2, 3, 4],
      stagingDir: join(dir, '.staging'),
      annotate: { byFrame: annotationsOf(pages), card: finalCard(pages), cardFrames: 5 },
    })
    expect(prepared.files).toHaveLength(4 + 5)
    const annotated = await readFile(prepared.files[1])
    expect(await regionDifference(original, annotated, { left: 20, top: 20, width: 120, height: 20 })).toBeGreaterThan(30)
    expect(await regionDifference(original, annotated, { left: 400, top: 250, width: 200, height: 80 })).toBeLessThan(2)
    // The card dims the whole frame.
    expect(await regionDifference(original, await readFile(prepared.files[8]), { left: 400, top: 250, width: 200, height: 80 })).toBeGreaterThan(100)
    expect(Buffer.compare(await readFile(join(dir, frameName(2))), original)).toBe(0)
    await prepared.cleanup()
  })

  it('draws the box and the card inside the crop, so a film cropped to the grid still carries them', async () => {
    const { readManifest } = await import('../../../src/node/timelapse/manifest')
    const shots = (await readManifest(dir))!.shots!
    // The crop is the frame's bottom-right quarter: an overlay at the frame's top left would be cut away.
    const settings = {
      ...DEFAULT_TIMELAPSE_SETTINGS,
      fpsIn: 2,
      fpsOut: 2,
      size: null,
      crop: { kind: 'rect', x: 320, y: 180, width: 320, height: 180 },
    } as const
    const film = async (annotate: boolean, name: string) => {
      const result = await encodeFrames({
        dir,
        numbers: [1, 2, 3, 4],
        settings: { ...settings, annotate },
        shots,
        output: await reserveFilm(join(base, name)),
        stagingDir: join(base, '.staging'),
        ffmpegPath,
      })
      return greyFrames(result.output, 320, 180)
    }
    const [annotated, plain] = [await film(true, 'cropped-annotated.mp4'), await film(false, 'cropped-plain.mp4')]
    // annotationSvg on a 180-px-high area: 12-px text in a dark box from 5 px in at the top left.
    expect(greyDifference(annotated[1], plain[1], 320, { left: 10, top: 8, width: 60, height: 12 })).toBeGreaterThan(30)
    expect(greyDifference(annotated[1], plain[1], 320, { left: 200, top: 120, width: 100, height: 50 })).toBeLessThan(2)
    // The card: the cropped picture dimmed, its first line across the middle.
    expect(annotated).toHaveLength(4 + 6)
    expect(greyDifference(annotated[9], plain[3], 320, { left: 0, top: 150, width: 320, height: 30 })).toBeGreaterThan(100)
    expect(greyDifference(annotated[9], plain[3], 320, { left: 100, top: 80, width: 120, height: 20 })).toBeGreaterThan(60)
  })

  it('timelapse --annotate encodes the session with the card; without boards it says so in one line', async () => {
    const out = join(base, 'annotated.mp4')
    const run = spawnSync(
      process.execPath,
      [BIN, 'timelapse', dir, '--out', out, '--annotate', '--fps-in', '2', '--fps-out', '2', '--size', 'source', '--quiet'],
      { encoding: 'utf8' },
    )
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    // 4 shots and 3 s of card at 2 shots a second.
    expect(await countVideoFrames(ffmpegPath, out)).toBe(4 + 6)
    expect((await readdir(dir)).filter((n) => n.endsWith('.jpg'))).toHaveLength(4)

    const plain = await tempDir('annotate-plain')
    await makeFrames(plain, 3)
    const none = spawnSync(process.execPath, [BIN, 'timelapse', plain, '--out', join(plain, 'x.mp4'), '--annotate', '--quiet'], { encoding: 'utf8' })
    expect(none.status).toBe(1)
    expect(none.stderr).toMatch(/^sudoku-lens timelapse: no time-lapse session \(manifest.json\) in .*\n$/)
    await rm(plain, { recursive: true, force: true })
  })
})

describe('the closing card', () => {
  it('keeps a long line inside a narrow film, where at its nominal size it would run off both sides', async () => {
    const long = 'Puzzle 1: 6:40 · 31/81 digits · Difficulty: hard (hardest step: Almost locked candidates)'
    const [width, height] = [640, 360]
    const { data } = await sharp({ create: { width, height, channels: 3, background: '#000000' } })
      .composite([{ input: Buffer.from(cardSvg(width, height, { lines: ['Solved in 9:42', long] })) }])
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true })
    const inkColumns = new Set<number>()
    for (let i = 0; i < data.length; i++) if (data[i] > 128) inkColumns.add(i % width)
    // The line takes at most 90% of the width by the size rule; a few percent each side is left whatever the font.
    expect(Math.min(...inkColumns)).toBeGreaterThan(0.03 * width)
    expect(Math.max(...inkColumns)).toBeLessThan(0.97 * width)
  })
})
