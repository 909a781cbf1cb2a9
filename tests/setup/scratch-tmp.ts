/**
 * Gives each test run a temporary folder of its own and removes it when the run ends. Tests,
 * the CLI and Chromium they start write under `os.tmpdir()` (userData folders, fake-camera videos
 * of 5 MB each, films, Chromium's profiles); before, every CI run left some 170 folders and 40 MB
 * in /tmp. Set here, TMPDIR reaches the test workers and every process they start.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export default function setup(): () => void {
  // Once a run: each project that extends the root config runs its global setup again.
  if (process.env.SUDOKU_LENS_TEST_TMP) return () => undefined
  const root = mkdtempSync(join(tmpdir(), 'sudoku-lens-run-'))
  const before = process.env.TMPDIR
  process.env.TMPDIR = process.env.SUDOKU_LENS_TEST_TMP = root
  return () => {
    delete process.env.SUDOKU_LENS_TEST_TMP
    if (before === undefined) delete process.env.TMPDIR
    else process.env.TMPDIR = before
    rmSync(root, { recursive: true, force: true })
  }
}
