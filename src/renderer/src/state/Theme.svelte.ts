/**
 * Light or dark: follows the system until the user picks the other one with the switch; picking
 * the system's own theme again goes back to following it. The choice is kept in this browser
 * profile (localStorage), so it is there before the first paint of the next start.
 */
export type ThemeName = 'light' | 'dark'
type Choice = ThemeName | 'system'

const STORAGE_KEY = 'sudoku-lens-theme'
const DARK_QUERY = '(prefers-color-scheme: dark)'

export class Theme {
  choice = $state<Choice>(readChoice())
  systemDark = $state(matchMedia(DARK_QUERY).matches)
  current: ThemeName = $derived(this.choice === 'system' ? (this.systemDark ? 'dark' : 'light') : this.choice)

  /** Applies the theme to the page and follows the system's changes; returns the way to stop. */
  apply(): () => void {
    const query = matchMedia(DARK_QUERY)
    const onChange = (event: MediaQueryListEvent) => (this.systemDark = event.matches)
    query.addEventListener('change', onChange)
    const stop = $effect.root(() => {
      $effect(() => {
        document.documentElement.dataset.theme = this.current
      })
    })
    return () => {
      query.removeEventListener('change', onChange)
      stop()
    }
  }

  toggle(): void {
    const next: ThemeName = this.current === 'dark' ? 'light' : 'dark'
    this.choice = next === (this.systemDark ? 'dark' : 'light') ? 'system' : next
    try {
      localStorage.setItem(STORAGE_KEY, this.choice)
    } catch {
      // Storage refused (private mode): the switch still works for this run.
    }
  }
}

function readChoice(): Choice {
  try {
    const stored = localStorage.getItem(STORAGE_KEY)
    return stored === 'light' || stored === 'dark' ? stored : 'system'
  } catch {
    return 'system'
  }
}
