/**
 * Renders the app icon (resources/icon.svg) to every PNG the app and its packages use:
 *   resources/build/icon.png        1024 px, electron-builder's source for the macOS and Windows icons
 *   resources/build/icons/NxN.png   the Linux set (electron-builder reads the size from the name)
 *   src/renderer/public/icon-N.png  the window icon and the web mode's favicon
 * Run after changing the SVG: `npm run icons`; the outputs are committed.
 */
import { mkdir, readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import sharp from 'sharp'

const LINUX_SIZES = [16, 32, 48, 64, 128, 256, 512]
const ICON_FILES = [
  { path: 'resources/build/icon.png', size: 1024 },
  ...LINUX_SIZES.map((n) => ({ path: `resources/build/icons/${n}x${n}.png`, size: n })),
  { path: 'src/renderer/public/icon-32.png', size: 32 },
  { path: 'src/renderer/public/icon-256.png', size: 256 },
]

const root = join(import.meta.dirname, '..')
const svg = await readFile(join(root, 'resources/icon.svg'))

for (const { path, size } of ICON_FILES) {
  const out = join(root, path)
  await mkdir(dirname(out), { recursive: true })
  // Rasterised at the target size (not scaled down from a big PNG), so thin lines land on pixels.
  await sharp(svg, { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(out)
  console.log(`${path} ${size}×${size}`)
}
