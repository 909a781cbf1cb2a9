import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { DEFAULT_SETTINGS, type UserSettings, requestGuards } from '../shared/ipc'
import { writeFileAtomic } from './atomic-file'

/** User preferences in `<userData>/settings.json`; a missing or damaged file means defaults. */
export class SettingsStore {
  private readonly path: string
  private writes: Promise<unknown> = Promise.resolve()

  constructor(userDataDir: string) {
    this.path = join(userDataDir, 'settings.json')
  }

  async get(): Promise<UserSettings> {
    try {
      const saved = requestGuards['settings:set'](JSON.parse(await readFile(this.path, 'utf8')))
      return { ...DEFAULT_SETTINGS, ...saved }
    } catch {
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

