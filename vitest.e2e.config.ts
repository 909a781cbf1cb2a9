import { defineConfig } from 'vitest/config'
import { fileURLToPath } from 'node:url'

// Pages rendered in tests, by sharp and by the e2e Chromium, use only the repo's test font:
// tests/fixtures/fonts/fonts.conf says why. fontconfig reads this when a process first draws text.
process.env.FONTCONFIG_FILE = fileURLToPath(new URL('./tests/fixtures/fonts/fonts.conf', import.meta.url))

// End-to-end tests: the built renderer in Debian's Chromium against the real web-mode host.
// `npm run test:e2e` builds first. Files run one at a time: each starts its own browser.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    globalSetup: ['tests/setup/scratch-tmp.ts'],
  },
})
