/**
 * OpenCV.js (Emscripten) installs process-wide `uncaughtException` and `unhandledRejection`
 * handlers when it loads in Node: any error then exits with code 7 and prints the 10.9 MB line of
 * minified OpenCV it was rethrown from, and any unrelated rejected promise aborts the process.
 * These tests run real processes that load the real OpenCV build (the control shows the hazard is
 * still there to remove), and check the main process's reporter with the Electron mock.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { dialog } from 'electron'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setupErrorReporting } from '../../src/main/error-reporting'
import { dropEmscriptenHandlers, isEmscriptenListener } from '../../src/node/process-errors'

const exec = promisify(execFile)

/** Runs an ES module script in a fresh Node with tsx, so it can import the sources. */
async function node(script: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { maxBuffer: 64 << 20, timeout: 60_000 })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

const LOAD_OPENCV = `import { createRequire } from 'node:module'
createRequire(import.meta.url)('@techstark/opencv-js')`

describe('OpenCV.js process handlers in Node', () => {
  it('control: left in place, an unrelated rejected promise exits 7 with megabytes of OpenCV source', async () => {
    const { code, stdout, stderr } = await node(`${LOAD_OPENCV}
const { isEmscriptenListener } = await import('./src/node/process-errors.ts')
console.log(process.listeners('uncaughtException').filter((l) => isEmscriptenListener('uncaughtException', l)).length,
  process.listeners('unhandledRejection').filter((l) => isEmscriptenListener('unhandledRejection', l)).length)
void Promise.reject(new Error('unrelated'))`)
    expect(stdout.split('\n')[0]).toBe('1 1')
    expect(code).toBe(7)
    expect(stderr.length).toBeGreaterThan(1e6)
  })

  it('the CLI: OpenCV loaded with a command, an unrelated rejection is one line and exit 1', async () => {
    // export's module loads OpenCV (through the vision pipeline) after runFromShell owns the process.
    const { code, stdout, stderr } = await node(`const { runFromShell } = await import('./src/cli/index.ts')
await runFromShell(['export', '--help'])
const { isEmscriptenListener } = await import('./src/node/process-errors.ts')
const { createRequire } = await import('node:module')
const loaded = Object.keys(createRequire(import.meta.url).cache).some((path) => path.endsWith('opencv.js'))
const left = ['uncaughtException', 'unhandledRejection'].flatMap((o) => process.listeners(o).filter((l) => isEmscriptenListener(o, l)))
console.log('opencv loaded', loaded, 'its handlers left', left.length)
void Promise.reject(new Error('unrelated'))`)
    expect(stdout).toMatch(/^Usage: sudoku-lens export /)
    expect(stdout).toMatch(/opencv loaded true its handlers left 0\n$/)
    expect(stderr).toBe('sudoku-lens: unrelated\n')
    expect(code).toBe(1)
  })

  it('the main process: after the time-lapse locator loads OpenCV, errors are reported and it keeps running', async () => {
    const { code, stdout, stderr } = await node(`const { ownProcessErrors } = await import('./src/node/process-errors.ts')
ownProcessErrors((error, origin) => console.log('reported', origin, error.message))
const { loadSheetLocator } = await import('./src/node/timelapse/locate.ts')
const { cv } = await loadSheetLocator()
console.log('opencv', typeof cv.Mat)
void Promise.reject(new Error('unrelated rejection'))
setTimeout(() => { throw new Error('unrelated exception') }, 10)
setTimeout(() => console.log('still running'), 200)`)
    expect(stdout.split('\n')).toEqual([
      'opencv function',
      'reported unhandledRejection unrelated rejection',
      'reported uncaughtException unrelated exception',
      'still running',
      '',
    ])
    expect(stderr).toBe('')
    expect(code).toBe(0)
  })
})

describe('setupErrorReporting (Electron main)', () => {
  let uninstall: (() => void) | undefined
  afterEach(() => {
    uninstall?.()
    vi.restoreAllMocks()
  })

  it("takes OpenCV's handlers off, logs every error, shows one error box a minute for exceptions and none for rejections", () => {
    // The test setup has loaded OpenCV into this process (tests/shared/vision/opencv-node.ts).
    const emscripten = (): number =>
      process.listeners('uncaughtException').filter((l) => isEmscriptenListener('uncaughtException', l)).length +
      process.listeners('unhandledRejection').filter((l) => isEmscriptenListener('unhandledRejection', l)).length
    const before = process.listeners('uncaughtException').length
    let now = 0
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const showErrorBox = vi.mocked(dialog.showErrorBox)
    showErrorBox.mockClear()
    uninstall = setupErrorReporting(() => now)
    expect(emscripten()).toBe(0)
    const onException = process.listeners('uncaughtException').at(-1)!
    const onRejection = process.listeners('unhandledRejection').at(-1)!
    expect(process.listeners('uncaughtException').length).toBeLessThanOrEqual(before + 1)

    onRejection(new Error('nobody awaited this'), Promise.resolve())
    expect(showErrorBox).not.toHaveBeenCalled()
    onException(new Error('first'), 'uncaughtException')
    now = 30_000
    onException(new Error('second, soon after'), 'uncaughtException')
    now = 61_000
    onException(new Error('third, a minute later'), 'uncaughtException')
    expect(log).toHaveBeenCalledTimes(4)
    expect(showErrorBox.mock.calls.map(([title, text]) => [title, text.split('\n')[0]])).toEqual([
      ['Sudoku Lens ran into an error', 'first'],
      ['Sudoku Lens ran into an error', 'third, a minute later'],
    ])
    expect(dropEmscriptenHandlers()).toBe(0)
  })
})
