/** The logical-solve video: real steps from the solving engine, drawn and encoded with ffmpeg. */
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { probeVideo } from '../../../src/node/timelapse/ffmpeg-probe'
import { solveFrameSvg, techniqueTitle, wrapText } from '../../../src/node/solve-video/solve-frame-svg'
import { reserveFilm } from '../../../src/node/timelapse/film-output'
import { checkSolveVideoInput, renderSolveVideo, solveFrames } from '../../../src/node/solve-video/solve-video'
import { parsePuzzle } from '../../../src/shared/sudoku/format'
import { logicalSolve } from '../../../src/shared/sudoku/logical-solve'
import type { Step } from '../../../src/shared/sudoku/logic/step'
import { ffmpegPath, nearDuration, tempDir } from '../timelapse/helpers'

// The first "hard" puzzle of the shared set (data/puzzles/hard_puzzle_and_solution.txt).
const PUZZLE = '080200400570000100002300000820090005000715000700020041000006700003000018007009050'
const grid = parsePuzzle(PUZZLE)
const solved = logicalSolve(grid)

let dir: string
beforeAll(async () => {
  dir = await tempDir('solve-video')
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('solveFrames', () => {
  it('shows the puzzle, each step before it is applied, and the solution', () => {
    const frames = solveFrames(grid, solved.steps)
    expect(frames).toHaveLength(solved.steps.length + 2)
    expect(frames[1].step).toBe(solved.steps[0])
    const last = frames.at(-1)!
    // The last frame's pencil marks are the solution, one digit per cell.
    expect(Array.from(last.candidates, (m) => 31 - Math.clz32(m) + 1)).toEqual(Array.from(solved.solution!))
  })
})

describe('solveFrameSvg', () => {
  it('marks eliminations in red and names the technique', () => {
    const frames = solveFrames(grid, solved.steps)
    const k = solved.steps.findIndex((s) => s.eliminations.length > 0 && s.placements.length === 0)
    expect(k).toBeGreaterThanOrEqual(0)
    const svg = solveFrameSvg(frames[k + 1])
    expect(svg.match(/<line [^>]*stroke="#c62828"/g)).toHaveLength(solved.steps[k].eliminations.length)
    expect(svg).toContain(techniqueTitle(solved.steps[k].technique))
    expect(svg).toContain(`Step ${k + 1} of ${solved.steps.length}`)
  })

  it('wraps and escapes text', () => {
    expect(wrapText('In box 5, 7 can only go in r5c4, so it must go there.', 20)).toEqual(['In box 5, 7 can only', 'go in r5c4, so it', 'must go there.'])
    const step: Step = { technique: 'x-wing', placements: [], eliminations: [], cells: [], units: [], text: 'a < b & "c"' }
    expect(solveFrameSvg({ ...solveFrames(grid, [])[0], step })).toContain('a &#60; b &#38; &#34;c&#34;')
  })
})

describe('checkSolveVideoInput', () => {
  it('accepts engine output and refuses malformed steps', () => {
    expect(checkSolveVideoInput(PUZZLE, solved.steps).steps).toHaveLength(solved.steps.length)
    expect(() => checkSolveVideoInput('123', [])).toThrow(/81 digits/)
    expect(() => checkSolveVideoInput(PUZZLE, [{ technique: 'x', placements: [{ cell: 81, digit: 1 }], eliminations: [], cells: [], text: '' }])).toThrow(
      /step 1/,
    )
    expect(() => checkSolveVideoInput(PUZZLE, [{ technique: '../x', placements: [], eliminations: [], cells: [], text: '' }])).toThrow(/step 1/)
  })
})

describe('renderSolveVideo', () => {
  it('encodes one still per step, held for the requested time', async () => {
    const steps = solved.steps.slice(0, 6)
    const progress: number[] = []
    const result = await renderSolveVideo(grid, steps, {
      output: await reserveFilm(join(dir, 'solve.mp4')),
      secondsPerStep: 0.5,
      fpsOut: 4,
      size: { width: 640, height: 360 },
      ffmpegPath,
      onProgress: (p) => progress.push(p),
    })
    expect(result.frames).toBe(8)
    const info = await probeVideo(ffmpegPath, result.output)
    expect(info).toMatchObject({ codec: 'h264', width: 640, height: 360, fps: 4 })
    expect(nearDuration(info.durationSeconds, 8 * 0.5, 4)).toBe(true)
    expect(progress.at(-1)).toBe(100)
  })
})
