/**
 * Saved game size over a long game: the built app in web mode in Chromium, a puzzle pasted, then
 * random edits (digits, pencil marks, clearing, undo, redo) typed on the board in batches; at each
 * checkpoint the size of the game's file in the library.
 * The size must stay bounded however long the game. `--quick`: 200 and 500 edits.
 * Run `npx electron-vite build` first (npm run bench:saved-game does).
 */
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { openApp, pastePuzzle } from '../devkit/browser'
import { SAVED_HISTORY } from '../src/shared/saved-puzzle'
import { QUICK, measuredLine, writeReadmeSection } from '../devkit/readme-section'

// The callbacks given to page.evaluate run in Chromium; this file is type-checked without the DOM library.
declare const document: any, KeyboardEvent: any

const CHECKPOINTS = QUICK ? [200, 500] : [2_000, 20_000]
const PUZZLE = '080200400570000100002300000820090005000715000700020041000006700003000018007009050'

/** The library's largest game file, bytes. */
function savedSize(dir: string): number {
  const games = join(dir, 'games')
  return Math.max(0, ...readdirSync(games).map((name) => statSync(join(games, name)).size))
}

const app = await openApp()
const rows: string[] = []
try {
  const { page } = app
  await pastePuzzle(page, PUZZLE)
  let done = 0
  for (const checkpoint of CHECKPOINTS) {
    await page.evaluate(
      async ({ count, seed }) => {
        // No named functions in here: tsx would wrap them in a helper the page does not have.
        const draws = new Float64Array(3 * count)
        let state = seed
        for (let i = 0; i < draws.length; i++) draws[i] = (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
        const keys = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']
        for (let i = 0; i < count; i++) {
          const roll = draws[3 * i]
          const digit = 1 + Math.floor(draws[3 * i + 1] * 9)
          const init =
            roll < 0.35
              ? { key: String(digit), code: `Digit${digit}` }
              : roll < 0.65
                ? { key: '!', code: `Digit${digit}`, shiftKey: true }
                : roll < 0.7
                  ? { key: 'Delete', code: 'Delete' }
                  : roll < 0.8
                    ? { key: 'z', code: 'KeyZ', ctrlKey: true }
                    : roll < 0.85
                      ? { key: 'y', code: 'KeyY', ctrlKey: true }
                      : { key: keys[Math.floor(draws[3 * i + 2] * 4)], code: 'Arrow' }
          const cell = document.querySelector('[data-cell][aria-selected="true"]')
          cell.dispatchEvent(new KeyboardEvent('keydown', { ...init, bubbles: true, cancelable: true }))
          if (i % 50 === 49) await new Promise((resolve) => setTimeout(resolve, 0))
        }
      },
      { count: checkpoint - done, seed: checkpoint },
    )
    done = checkpoint
    // The save follows the last edit after a short pause.
    await page.waitForTimeout(1500)
    const size = savedSize(app.userDataDir)
    const undo = await page.evaluate(() => Boolean(document.querySelector('[aria-label="Undo"]:not([disabled])')))
    rows.push(`| ${checkpoint.toLocaleString('en')} | ${(size / 1024).toFixed(1)} KB | ${undo ? 'yes' : 'no'} |`)
    console.log(`${checkpoint} edits: saved game ${(size / 1024).toFixed(1)} KB`)
  }
  if (app.pageErrors.length) throw new Error(`page errors: ${app.pageErrors.join('; ')}`)
} finally {
  await app.close()
}

const body = `
\`npm run bench:saved-game\` (bench/saved-game.ts): the built app in web mode in Debian's Chromium, a
puzzle pasted, then random key presses on the board (35% digits, 30% pencil marks, 5% Delete, 10%
Ctrl+Z, 5% Ctrl+Y, 15% arrows). The size of the game's file in the library after each count of
edits: the history kept is bounded (the last ${SAVED_HISTORY} undo and redo steps), so the size is too.

| edits | saved game | undo available |
|---|---|---|
${rows.join('\n')}

Target: bounded, whatever the length of the game (the host takes up to 4 MB a game).

${measuredLine('npm run bench:saved-game')}
`
console.log(body)
writeReadmeSection('Saved game size', body)
