/**
 * The board as large as the window allows, and the number pad under it still in view. App sizes
 * the board in CSS from the window's height less an allowance for the bars around it
 * (--board-size), but those bars take more room in some states and sizes: the player bar wraps to
 * more rows on a narrow board, the status bar to two lines under a long message. The board's
 * column then scrolled, and the number pad sat below the window (by 21 px at 1280×800 before this
 * was written). This attachment measures what the column's content overflows it by, or leaves
 * free, and takes that off the board or gives it back (--board-shrink on the column), down to
 * MIN_FITTED_BOARD. A narrower board can wrap its bars further; each change of size is measured
 * again until the content fits.
 */
import type { Attachment } from 'svelte/attachments'

/**
 * The board is never made smaller than this (px) to fit: the player bar above it is as wide as the
 * board, and a narrower bar wraps into more rows, which would take more off the board, and so on.
 * Its widest part that cannot wrap is the modes' segmented control, 288-291 px in Chromium with the
 * app's fonts. Measured there, in a window up to 640 px high (where the mode's sentence is hidden),
 * the bar takes 74 px (two rows) from 300 px wide in play and in review, and 96-124 px at 280.
 */
export const MIN_FITTED_BOARD = 300

export const fitBoard: Attachment<HTMLElement> = (area) => {
  let shrink = 0
  const fit = (): void => {
    const [first, last] = [area.firstElementChild, area.lastElementChild]
    if (!first || !last) return
    // In the column's own coordinates: where its content ends, against where the column does.
    const slack = area.getBoundingClientRect().bottom - (last.getBoundingClientRect().bottom + area.scrollTop)
    // What may still be taken off: the player bar is as wide as --board-size says (the board itself
    // may not get narrower than its digits); below MIN_FITTED_BOARD, as after the window got
    // smaller, this is what must be given back.
    const spare = first.getBoundingClientRect().width - MIN_FITTED_BOARD
    const next = Math.max(0, Math.ceil(shrink - Math.max(slack, -spare)))
    if (next === shrink) return
    shrink = next
    area.style.setProperty('--board-shrink', `${shrink}px`)
  }
  const observer = new ResizeObserver(fit)
  observer.observe(area)
  for (const child of area.children) observer.observe(child)
  return () => observer.disconnect()
}
