/**
 * The app's keyboard shortcuts: one table read by the key handler and by the help overlay, so
 * what `?` lists is what the keys do. Single letters work anywhere but in a text field; the board
 * keeps digits, arrows and Ctrl+Z/Y for itself and gets them back from a focused button.
 * G, P and T are left free for the player bar (edit givens, pencil mode, timer).
 */

export type Action = 'help' | 'open' | 'camera' | 'solve' | 'hint' | 'candidates' | 'export' | 'record' | 'theme' | 'board'

export interface Shortcut {
  /** As `KeyboardEvent.key` reports it (letters in lower case). */
  readonly key: string
  /** As shown to the user and in `aria-keyshortcuts`. */
  readonly label: string
  readonly action: Action
  readonly description: string
}

export const SHORTCUTS: readonly Shortcut[] = [
  { key: 'o', label: 'O', action: 'open', description: 'Open a photo or a puzzle file' },
  { key: 'w', label: 'W', action: 'camera', description: 'Webcam on or off' },
  { key: 's', label: 'S', action: 'solve', description: 'Solve' },
  { key: 'h', label: 'H', action: 'hint', description: 'Hint: the next logical step' },
  { key: 'a', label: 'A', action: 'candidates', description: 'Show or hide all candidates' },
  { key: 'e', label: 'E', action: 'export', description: 'Export: image, puzzle text, solving video' },
  { key: 'r', label: 'R', action: 'record', description: 'Record a time-lapse, or stop recording' },
  { key: 'd', label: 'D', action: 'theme', description: 'Light or dark theme' },
  { key: 'b', label: 'B', action: 'board', description: 'Back to the board' },
  { key: '?', label: '?', action: 'help', description: 'This list of keys' },
]

/** Keys handled elsewhere, listed in the help overlay only. */
export const OTHER_KEYS: readonly { label: string; description: string }[] = [
  { label: 'Tab / Shift+Tab', description: 'Move between the toolbar, the board and the panels' },
  { label: 'Arrows, Home, End', description: 'Move on the board' },
  { label: '1–9', description: 'Set a digit (also after clicking a button)' },
  { label: 'Shift+1–9', description: 'Pencil mark' },
  { label: '0, Delete, Backspace', description: 'Clear the cell' },
  { label: 'Ctrl+Z / Ctrl+Y', description: 'Undo / redo' },
  { label: 'C', description: 'Check my paper (the Hints panel)' },
  { label: 'Space', description: 'With the camera on: read the digits now' },
  { label: 'Ctrl+V', description: 'Paste a puzzle or a photo anywhere' },
  { label: 'Escape', description: 'Close a menu or this list' },
]

/** True where typed keys belong to the element: text fields, selects, editable content. */
export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false
  if (target.closest('textarea, select, [contenteditable="true"]')) return true
  const input = target.closest('input')
  return input !== null && !['checkbox', 'radio', 'button', 'submit', 'range'].includes(input.type)
}

/** The shortcut a key press asks for, or null (modifiers other than Shift never match). */
export function shortcutFor(event: KeyboardEvent): Shortcut | null {
  if (event.ctrlKey || event.metaKey || event.altKey || isTextField(event.target)) return null
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key
  return SHORTCUTS.find((shortcut) => shortcut.key === key) ?? null
}

/**
 * Keys meant for the board when focus is on something that does nothing with them (a button
 * just clicked, the page itself): digits, clearing, undo and redo. Arrows only from the page or
 * a button, since radio groups and sliders use them.
 */
export function isBoardKey(event: KeyboardEvent): boolean {
  if (isTextField(event.target)) return false
  const ctrl = event.ctrlKey || event.metaKey
  if (ctrl) return /^[zy]$/i.test(event.key)
  if (event.altKey) return false
  if (/^[0-9]$/.test(event.key) || /^Digit[1-9]$/.test(event.code) || ['Delete', 'Backspace'].includes(event.key)) return true
  const arrow = /^Arrow|^Home$|^End$/.test(event.key)
  const target = event.target instanceof Element ? event.target : null
  const inert = target === null || target === document.body || (target.matches('button, a') && !target.closest('[role="radiogroup"], [role="menu"]'))
  return arrow && inert
}
