/** The app icon: every size made from resources/icon.svg, and each place that uses one points at it. */
import { existsSync, readFileSync } from 'node:fs'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { WINDOW_ICON } from '../../src/main/window'

const LINUX_SIZES = [16, 32, 48, 64, 128, 256, 512]

async function expectSquarePng(path: string, size: number): Promise<void> {
  expect(existsSync(path), path).toBe(true)
  const meta = await sharp(path).metadata()
  expect([meta.format, meta.width, meta.height], path).toEqual(['png', size, size])
}

describe('the app icon', () => {
  it('has an SVG source and the PNG sizes electron-builder and the window use', async () => {
    expect(readFileSync('resources/icon.svg', 'utf8')).toMatch(/^<svg [^>]*viewBox="0 0 64 64"/)
    // macOS and Windows icons are converted from one PNG of at least 512 px (electron-builder's minimum).
    await expectSquarePng('resources/build/icon.png', 1024)
    for (const n of LINUX_SIZES) await expectSquarePng(`resources/build/icons/${n}x${n}.png`, n)
    await expectSquarePng(`src/renderer/public/${WINDOW_ICON}`, 256)
    await expectSquarePng('src/renderer/public/icon-32.png', 32)
  })

  it('is what electron-builder.yml and the web page point at', () => {
    const config = readFileSync('electron-builder.yml', 'utf8')
    expect(config).toMatch(/^linux:\n(?: {2}.*\n)*? {2}icon: resources\/build\/icons$/m)
    expect(config).toMatch(/^mac:\n(?: {2}.*\n)*? {2}icon: resources\/build\/icon\.png$/m)
    expect(config).toMatch(/^win:\n(?: {2}.*\n)*? {2}icon: resources\/build\/icon\.png$/m)
    const page = readFileSync('src/renderer/index.html', 'utf8')
    expect(page).toContain('<link rel="icon" type="image/png" sizes="32x32" href="./icon-32.png" />')
    expect(page).toContain(`href="./${WINDOW_ICON}"`)
  })
})
