/** `sudoku-lens read` as a user runs it: real photos (Wicht's dataset, CC-BY-4.0), JSON lines. */
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { photo } from '../shared/vision/photos'
import { hasPenPhotos, listPenPhotos } from '../../datasets/kubiesa'

const run = promisify(execFile)
const tmp = mkdtempSync(join(tmpdir(), 'read-cli-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('npx', ['tsx', 'src/cli/index.ts', 'read', ...args], { timeout: 120_000 })
    return { code: 0, stdout, stderr }
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string }
    return { code: err.code, stdout: err.stdout, stderr: err.stderr }
  }
}

describe('sudoku-lens read', () => {
  it('prints one JSON object per image, errors included, and writes debug images', async () => {
    const notImage = join(tmp, 'notes.txt')
    writeFileSync(notImage, 'not an image')
    const debug = join(tmp, 'debug')
    const p = photo('image1')
    const { code, stdout } = await cli([p.jpg, notImage, '--json', '--debug', debug])
    expect(code).toBe(1)
    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(lines).toHaveLength(2)
    const [ok, bad] = lines
    expect(ok.file).toBe(p.jpg)
    expect(ok.grid).toMatch(/^[0-9]{81}$/)
    const wrong = [...ok.grid].filter((d: string, i: number) => Number(d) !== p.truth[i]).length
    expect(wrong).toBeLessThanOrEqual(1)
    expect(ok.confidence).toHaveLength(81)
    expect(ok.corners).toHaveLength(4)
    expect(Array.isArray(ok.repaired)).toBe(true)
    expect(ok.ms.total).toBeGreaterThan(0)
    expect(bad.file).toBe(notImage)
    expect(bad.error).toMatch(/Cannot read image/)
    for (const f of ['threshold.png', 'outline.png', 'warped.png']) expect(existsSync(join(debug, 'image1', f))).toBe(true)
    expect(readdirSync(join(debug, 'image1', 'cells')).length).toBe([...p.truth].filter((d) => d).length)
  })

  it.skipIf(!hasPenPhotos('val'))('reads a page in progress: givens in grid, written digits in entries, a kind per cell', async () => {
    // A phone photo of a puzzle partly solved in pen (Alex Kubiesa's sudoku-scanner datasets, MIT).
    const p = listPenPhotos('val').find((x) => x.name === '02_15_iphone_14_0')!
    const { code, stdout } = await cli([p.jpg, '--json'])
    expect(code).toBe(0)
    const line = JSON.parse(stdout)
    expect(line.cells).toHaveLength(81)
    for (const c of line.cells) expect(Object.keys(c).sort()).toEqual(['confidence', 'digit', 'kind', 'marks'])
    const kinds = line.cells.map((c: { kind: string }) => c.kind)
    expect(new Set(kinds)).toEqual(new Set(['empty', 'given', 'entry', 'marks']))
    line.cells.forEach((c: { kind: string; digit: number }, i: number) => {
      expect(Number(line.grid[i])).toBe(c.kind === 'given' ? c.digit : 0)
      expect(Number(line.entries[i])).toBe(c.kind === 'entry' ? c.digit : 0)
    })
    expect(line.mistakes).toEqual([])
  })

  it('explains its usage when given no image', async () => {
    const { code, stderr } = await cli([])
    expect(code).toBe(2)
    expect(stderr).toMatch(/Usage/)
  })
})
