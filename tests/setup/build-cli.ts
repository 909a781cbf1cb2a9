/**
 * The CLI tests run the real bin (bin/sudoku-lens.js), which runs the built out/cli. Built here,
 * once per test run and only when a source file is newer than the build, so `vitest run` tests
 * the code as it is without a separate `npm run build:cli`.
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'vite'

const BUILT = 'out/cli/index.js'
const SOURCES = ['src', 'vite.cli.config.ts']

function newestChange(path: string): number {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))))
}

export default async function setup(): Promise<void> {
  if (existsSync(BUILT) && statSync(BUILT).mtimeMs > Math.max(...SOURCES.map(newestChange))) return
  await build({ configFile: 'vite.cli.config.ts', logLevel: 'error' })
}
