import { svelte } from '@sveltejs/vite-plugin-svelte'
import { defineConfig } from 'electron-vite'
import { resolve } from 'node:path'
import { META_CONTENT_SECURITY_POLICY } from './src/main/security-policy'

export default defineConfig({
  main: {
    build: {
      rollupOptions: {
        input: {
          index: resolve(import.meta.dirname, 'src/main/index.ts'),
          web: resolve(import.meta.dirname, 'src/main/web.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload must be CommonJS.
      rollupOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src/renderer'),
    plugins: [
      svelte({ configFile: false }),
      {
        name: 'content-security-policy',
        transformIndexHtml: (html) => html.replace('%CONTENT_SECURITY_POLICY%', META_CONTENT_SECURITY_POLICY),
      },
    ],
    worker: { format: 'es' },
    build: {
      rollupOptions: { input: resolve(import.meta.dirname, 'src/renderer/index.html') },
    },
  },
})
