/** The bin runs the built CLI (out/cli); without a build it says how to make one, in one line. */
import { execFile } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'

const tmp = mkdtempSync(join(tmpdir(), 'cli-bin-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

describe('bin/sudoku-lens.js', () => {
  it('without out/cli beside it: "run npm run build first", exit 1, no stack', async () => {
    // The bin alone in a checkout-shaped folder that was never built.
    mkdirSync(join(tmp, 'bin'))
    copyFileSync(resolve('bin/sudoku-lens.js'), join(tmp, 'bin', 'sudoku-lens.js'))
    const error = await promisify(execFile)(process.execPath, [join(tmp, 'bin', 'sudoku-lens.js'), '--help']).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    )
    expect(error?.code).toBe(1)
    expect(error?.stderr.trimEnd().split('\n')).toEqual(['sudoku-lens: the command line is not built: run npm run build first'])
  })
})
