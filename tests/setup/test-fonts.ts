/**
 * Pages rendered in tests (sharp's librsvg, and Chromium in the e2e tests) use only the font in
 * tests/fixtures/fonts: installed fonts differ between machines, and text drawn in another font
 * moves what a detector finds on a test page (a corner error of 0.0226 with DejaVu installed, 0.0228
 * with Liberation, 0.0247 with neither, on the same page). fontconfig reads FONTCONFIG_FILE when a
 * process first draws text; the test workers and the browsers they start inherit it from here.
 */
import { fileURLToPath } from 'node:url'

export function useTestFonts(): void {
  process.env.FONTCONFIG_FILE = fileURLToPath(new URL('../fixtures/fonts/fonts.conf', import.meta.url))
}
