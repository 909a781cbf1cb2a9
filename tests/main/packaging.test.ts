/** The packaged app's Electron fuses (electron-builder.yml), which nothing else would notice going. */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/** The `key: value` lines of one top-level block of a YAML file (enough for flat blocks). */
function yamlBlock(text: string, name: string): Record<string, string> {
  const lines = text.split('\n')
  const start = lines.findIndex((line) => line === `${name}:`)
  const out: Record<string, string> = {}
  for (const line of lines.slice(start + 1)) {
    if (!/^\s/.test(line) && line.trim() !== '') break
    const m = /^\s+(\w+):\s*(\S+)/.exec(line)
    if (m) out[m[1]] = m[2]
  }
  return out
}

describe('electron-builder.yml', () => {
  it('turns off running as Node, NODE_OPTIONS and --inspect, and loads only an integrity-checked app.asar', () => {
    const text = readFileSync('electron-builder.yml', 'utf8')
    expect(text).toMatch(/^asar: true$/m)
    expect(yamlBlock(text, 'electronFuses')).toEqual({
      runAsNode: 'false',
      enableNodeOptionsEnvironmentVariable: 'false',
      enableNodeCliInspectArguments: 'false',
      enableCookieEncryption: 'true',
      enableEmbeddedAsarIntegrityValidation: 'true',
      onlyLoadAppFromAsar: 'true',
      grantFileProtocolExtraPrivileges: 'false',
    })
  })
})
