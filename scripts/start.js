#!/usr/bin/env node
// `npm start`: builds, then opens the desktop app, or, where the Electron binary is missing
// (offline installs use ELECTRON_SKIP_BINARY_DOWNLOAD=1), serves the same app in web mode.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

function electronBinary() {
  try {
    const path = require('electron')
    return typeof path === 'string' && existsSync(path) ? path : null
  } catch {
    return null
  }
}

const build = spawnSync('npx', ['electron-vite', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' })
if (build.status !== 0) process.exit(build.status ?? 1)

const electron = electronBinary()
const forceWeb = process.argv.includes('--web')
if (electron && !forceWeb) {
  spawn(electron, ['.'], { stdio: 'inherit' }).on('exit', (code) => process.exit(code ?? 0))
} else {
  if (!forceWeb) console.log('The Electron binary is not installed here, so Sudoku Lens runs in web mode.')
  spawn(process.execPath, ['out/main/web.js', ...process.argv.slice(2).filter((a) => a !== '--web')], { stdio: 'inherit' }).on('exit', (code) =>
    process.exit(code ?? 0),
  )
}
