import { describe, expect, it } from 'vitest'
import { createMainWindow } from '../../src/main/window'
import { createdWindows } from '../setup/electron-mock'

describe('the main window', () => {
  it('is isolated, sandboxed, without Node, and loads the app origin', () => {
    createMainWindow('/app/out/preload', '/app/out/renderer')
    const { options, loaded } = createdWindows.at(-1)!
    expect(options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      disableBlinkFeatures: 'Auxclick',
      preload: '/app/out/preload/index.cjs',
    })
    expect(loaded).toEqual(['app://sudoku-lens/index.html'])
    expect(options.icon).toBe('/app/out/renderer/icon-256.png')
  })
})
