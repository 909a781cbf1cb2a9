import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS } from '../../src/shared/ipc'
import { SettingsStore } from '../../src/main/settings'

const freshDir = () => mkdtempSync(join(tmpdir(), 'sl-settings-'))

describe('SettingsStore', () => {
  it('starts from defaults and persists patches to disk', async () => {
    const dir = freshDir()
    const store = new SettingsStore(dir)
    expect(await store.get()).toEqual(DEFAULT_SETTINGS)
    await store.set({ cameraDeviceId: 'cam-2' })
    expect(await new SettingsStore(dir).get()).toMatchObject({ cameraDeviceId: 'cam-2', mirrorPreview: false })
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')).cameraDeviceId).toBe('cam-2')
  })

  it('applies concurrent patches one after another without losing any', async () => {
    const store = new SettingsStore(freshDir())
    await Promise.all([store.set({ mirrorPreview: true }), store.set({ showCandidates: true }), store.set({ cameraDeviceId: 'x' })])
    expect(await store.get()).toEqual({ cameraDeviceId: 'x', mirrorPreview: true, showCandidates: true })
  })

  it('treats a damaged file as defaults and leaves no temporary files behind', async () => {
    const dir = freshDir()
    writeFileSync(join(dir, 'settings.json'), '{ not json')
    const store = new SettingsStore(dir)
    expect(await store.get()).toEqual(DEFAULT_SETTINGS)
    await store.set({ mirrorPreview: true })
    expect(readdirSync(dir)).toEqual(['settings.json'])
  })
})
