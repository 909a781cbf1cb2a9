import { defineConfig } from 'vitest/config'
import { useTestFonts } from './tests/setup/test-fonts'

useTestFonts()

// End-to-end tests: the built renderer in Debian's Chromium against the real web-mode host.
// `npm run test:e2e` builds first. Files run one at a time: each starts its own browser.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
})
