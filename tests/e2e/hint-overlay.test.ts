/**
 * A chain hint drawn on the board: a state where an X-Chain is the easiest step (one of the
 * project's technique cases, tests/fixtures/technique-cases.txt, magictour top1465 line 387) pasted
 * in HoDoKu's library format, then the hint asked for down to its full level, where the chain
 * appears over the board.
 */
import { describe, expect, it } from 'vitest'
import { pastePuzzle, useApp } from '../../devkit/browser'

// An X-Chain of three strong links joined by two weak ones.
const X_CHAIN =
  ':0000:x:+3...4+187+6.61+7........+2.+6+1.....6.+2+4312+1..7....4...+1....+65.1.8...7...+6.2+1.+1..3.+7...:525 925 326 528 928 329 529 929 832 932 533 833 933 535 935 438 439 841 942 543 943 845 853 954 762 862 763 863 964 979 482 483 586 489::'

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
