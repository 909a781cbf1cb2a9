import { resolve } from 'node:path'
import { defineConfig } from 'vite'

// The command line (bin/sudoku-lens.js) built to plain JavaScript for Node, so no TypeScript
// loader ships with the app. An SSR build leaves every package in node_modules outside the bundle
// (OpenCV, Tesseract, sharp and ffmpeg load from there, as in the main process).
export default defineConfig({
  build: {
    ssr: resolve(import.meta.dirname, 'src/cli/index.ts'),
    outDir: 'out/cli',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    rollupOptions: { output: { entryFileNames: 'index.js' } },
  },
})
