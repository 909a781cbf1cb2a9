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

/**
 * WCAG AA's least contrast for large text (the board's digits, 24 px and more) and for other text
 * (pencil marks): axe-core cannot judge the board itself, as the marks layer and the hint overlay
 * lie over its cells.
 */
export const LARGE_TEXT_CONTRAST = 3
export const TEXT_CONTRAST = 4.5

/**
 * The board's digits and pencil marks whose colour stands out from their cell's background by less
 * than WCAG AA asks: "cell-30 2 (1.1:1)", "marks of cell-9 4 (3.2:1)".
 */
export async function faintBoardText(page: Page): Promise<string[]> {
  return page.$eval(
    '[data-testid="board"]',
    (board, [large, small]) => {
      const view = globalThis as any
      const rgba = (css: string): number[] => {
        const [r, g, b, a = 1] = css.match(/[\d.]+/g)!.map(Number)
        return [r, g, b, a]
      }
      // The colour behind an element: its own background over its ancestors', where see-through.
      const backgroundOf = (element: any): number[] => {
        const layers: number[][] = []
        for (let at = element; at; at = at.parentElement) {
          const layer = rgba(view.getComputedStyle(at).backgroundColor)
          if (layer[3] > 0) layers.push(layer)
          if (layer[3] >= 1) break
        }
        return layers.reduceRight(
          (under, [r, g, b, a]) => [r * a + under[0] * (1 - a), g * a + under[1] * (1 - a), b * a + under[2] * (1 - a)],
          [255, 255, 255],
        )
      }
      const luminance = ([r, g, b]: number[]): number => {
        const linear = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4)
        return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
      }
      const contrast = (text: any, cell: any): number => {
        const [fore, back] = [luminance(rgba(view.getComputedStyle(text).color)), luminance(backgroundOf(cell))]
        return (Math.max(fore, back) + 0.05) / (Math.min(fore, back) + 0.05)
      }
      const cells = [...board.querySelectorAll('[role="gridcell"]')]
      const faint: string[] = []
      for (const cell of cells) {
        const digit = cell.querySelector('.digit')
        const ratio = digit?.textContent ? contrast(digit, cell) : Infinity
        if (ratio < large) faint.push(`${cell.id} ${digit.textContent} (${ratio.toFixed(1)}:1)`)
      }
      // The marks layer holds one box a cell, in the cells' order, over them.
      board.querySelectorAll('[data-testid="candidates"] .mark-cell').forEach((marks: any, i: number) => {
        for (const mark of marks.querySelectorAll('.mark')) {
          const ratio = mark.textContent ? contrast(mark, cells[i]) : Infinity
          if (ratio < small) faint.push(`marks of ${cells[i].id} ${mark.textContent} (${ratio.toFixed(1)}:1)`)
        }
      })
      return faint
    },
    [LARGE_TEXT_CONTRAST, TEXT_CONTRAST],
  )
}
