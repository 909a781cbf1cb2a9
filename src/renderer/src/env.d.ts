/// <reference types="svelte" />
/// <reference types="vite/client" />
import type { Bridge } from '../../preload/index'

declare global {
  interface Window {
    /** Present only inside the desktop app (see src/preload/index.ts). */
    readonly sudokuLens?: Bridge
  }
}
