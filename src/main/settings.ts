import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { DEFAULT_SETTINGS, type UserSettings, requestGuards } from '../shared/ipc'
import { writeFileAtomic } from '../node/atomic-file'

/** User preferences in `<userData>/settings.json`; a missing or damaged file means defaults. */
export class SettingsStore {
  private readonly path: string
  private writes: Promise<unknown> = Promise.resolve()
  private warned = false

  constructor(userDataDir: string) {
    this.path = join(userDataDir, 'settings.json')
  }

  async get(): Promise<UserSettings> {
    let text: string
    try {
      text = await readFile(this.path, 'utf8')
    } catch {
      return DEFAULT_SETTINGS
    }
    try {
      return { ...DEFAULT_SETTINGS, ...requestGuards['settings:set'](JSON.parse(text)) }
    } catch (error) {
      // One line, once per run: the next change writes a good file over it.
      if (!this.warned) console.warn(`${this.path} is damaged (${(error as Error).message}): using the default settings.`)
      this.warned = true
      return DEFAULT_SETTINGS
    }
  }

  /** Merges a patch; concurrent calls are applied one after another, none lost. */
  set(patch: Partial<UserSettings>): Promise<UserSettings> {
    const next = this.writes.then(async () => {
      const merged = { ...(await this.get()), ...patch }
      await writeFileAtomic(this.path, `${JSON.stringify(merged, null, 2)}\n`)
      return merged
    })
    this.writes = next.catch(() => undefined)
    return next
  }
}
