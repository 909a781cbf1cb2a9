import { svelte } from '@sveltejs/vite-plugin-svelte'
import { defineConfig } from 'vitest/config'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'

// Pages rendered in tests, by sharp and by the e2e Chromium, use only the repo's test font:
// tests/fixtures/fonts/fonts.conf says why. fontconfig reads this when a process first draws text.
process.env.FONTCONFIG_FILE = fileURLToPath(new URL('./tests/fixtures/fonts/fonts.conf', import.meta.url))

// Two projects: Node-side code (shared logic, main services, CLI) and Svelte components in jsdom.
// End-to-end tests in Chromium have their own config (vitest.e2e.config.ts).
export default defineConfig({
  test: {
    // One test file per core. Vitest's default keeps a core free (cores - 1), which on CI's 2 cores
    // ran the files one at a time: the unit suite took 767 s there, 541 s with two at once.
    maxWorkers: availableParallelism(),
    testTimeout: 60_000,
    hookTimeout: 120_000,
    globalSetup: ['tests/setup/scratch-tmp.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'tests/renderer/**'],
          environment: 'node',
          // opencv-node first: OpenCV.js's own `then` makes vitest's import of it hang otherwise.
          setupFiles: ['tests/shared/vision/opencv-node.ts', 'tests/setup/electron-mock.ts'],
          // tests/cli run the bin, which runs the built CLI.
          globalSetup: ['tests/setup/build-cli.ts'],
        },
      },
      {
        extends: true,
        plugins: [svelte()],
        resolve: { conditions: ['browser'] },
        test: {
          name: 'renderer',
          include: ['tests/renderer/**/*.test.ts'],
          environment: 'jsdom',
        },
      },
    ],
  },
})
