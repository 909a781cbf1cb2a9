/**
 * The board as large as the window allows, and the number pad under it still in view. App sizes
 * the board from the window's height less an allowance for the bars around it (--board-size), but
 * the player bar and the status bar wrap to more rows in some states and sizes. This attachment
 * measures what the column's content overflows it by, or leaves free, and takes that off the board
 * or gives it back (--board-shrink on the column), down to MIN_FITTED_BOARD; each change of size
 * is measured again until the content fits.
 */
import type { Attachment } from 'svelte/attachments'

/**
 * The board is never made smaller than this (px) to fit: the player bar is as wide as the board,
 * and a narrower bar wraps into more rows, which would take more off the board, and so on.
 * Measured in Chromium: the modes' control, which cannot wrap, is 288-291 px; the bar keeps to two rows from 300 px.
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
