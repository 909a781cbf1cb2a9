/**
 * A chain hint drawn on the board: HoDoKu's X-Chain example pasted as the state it shows, then the
 * hint asked for down to its full level, where the chain appears over the board.
 */
import { describe, expect, it } from 'vitest'
import { pastePuzzle, useApp } from '../../devkit/browser'

// HoDoKu's X-Chain example (0701) on 7: three strong links joined by two weak ones.
const X_CHAIN = ':0701:7:3.4+52..8...6.+9.....5..7.3.....68+9.2+3...+734....6+315+27...1.+9+6......9.+4..6.+6.8217..5::742:'

const app = useApp()

describe('the chain of a hint on the board', () => {
  it('draws strong links solid and weak links dashed once the whole step is shown', async () => {
    const { page } = app()
    await pastePuzzle(page, X_CHAIN)
    await page.click('[data-testid=hint]')
    await expect.poll(() => page.textContent('[data-testid=hint-text]')).toBe('Look for an X-Chain.')
    expect(await page.locator('[data-testid=hint-overlay]').count()).toBe(0)
    await page.click('[data-testid=hint-more]')
    await page.click('[data-testid=hint-more]')
    await expect.poll(() => page.locator('[data-testid=hint-overlay] line').count()).toBe(5)
    // Runs in the page: its globals are the browser's (the test's tsconfig has no DOM types).
    const dashes = await page.$$eval('[data-testid=hint-overlay] line', (lines) => {
      const { getComputedStyle } = globalThis as unknown as { getComputedStyle(e: unknown): { strokeDasharray: string } }
      return lines.map((line) => `${line.getAttribute('data-link')} ${getComputedStyle(line).strokeDasharray}`)
    })
    expect(dashes.filter((d) => d.startsWith('strong')).every((d) => d.endsWith(' none'))).toBe(true)
    expect(dashes.filter((d) => d.startsWith('weak'))).toHaveLength(2)
    expect(dashes.filter((d) => d.startsWith('weak')).every((d) => !d.endsWith(' none'))).toBe(true)
    // The overlay covers the board exactly.
    const [board, overlay] = await Promise.all(['[data-testid=board]', '[data-testid=hint-overlay]'].map((s) => page.locator(s).boundingBox()))
    expect(Math.abs(overlay!.width - board!.width)).toBeLessThan(8)
    expect(Math.abs(overlay!.height - board!.height)).toBeLessThan(8)
  })
})
