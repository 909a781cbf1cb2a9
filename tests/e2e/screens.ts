/**
 * What the layout tests look at on each screen: axe-core's serious and critical violations, the
 * part of an element inside the window, and a screenshot kept under test-results/ (git-ignored)
 * for a person to look at.
 */
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'

export const SCREENSHOTS = resolve('test-results/screens')

/** One line per serious or critical violation: rule, then the first elements it names. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Legacy mode runs axe.run in the page itself; the default also opens a blank page to merge the
  // results of each frame, which the app has none of. Measured 2026-11-29 on layout.test's screens:
  // the same passes, incompletes and violations (but on the live camera's, which change from run to
  // run), 1.5 s a screen instead of 3.2.
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).setLegacyMode(true).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    )
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true })
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) })
}

/** Whether an element's box lies inside the window. */
export async function fullyInView(page: Page, selector: string): Promise<boolean> {
  const box = await page.locator(selector).first().boundingBox()
  const size = page.viewportSize()
  if (!box || !size) return false
  return box.width > 0 && box.height > 0 && box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width + 0.5 && box.y + box.height <= size.height + 0.5
}

/** Whether the element is whole inside the window and not hidden under anything at its corners (a scroll container's edge, a bar). */
export async function visibleWhole(page: Page, selector: string): Promise<boolean> {
  if (!(await fullyInView(page, selector))) return false
  return page.$eval(selector, (element) => {
    const box = element.getBoundingClientRect()
    const inset = 3
    const corners = [
      [box.left + inset, box.top + inset],
      [box.right - inset, box.top + inset],
      [box.left + inset, box.bottom - inset],
      [box.right - inset, box.bottom - inset],
    ]
    const doc = (globalThis as any).document
    return corners.every(([x, y]) => {
      const hit = doc.elementFromPoint(x, y)
      return hit !== null && (element === hit || element.contains(hit))
    })
  })
}
