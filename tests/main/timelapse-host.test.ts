import { execFile } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import ffmpeg from '@ffmpeg-installer/ffmpeg'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_TIMELAPSE_SETTINGS } from '../../src/shared/timelapse/settings'
import { startWebMode } from '../../src/main/web'
import type { WebServer } from '../../src/main/web-server'
import { type WebClient, signIn } from './web-client'

let server: WebServer
let client: WebClient

beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), 'sl-tl-host-'))
  writeFileSync(join(root, 'index.html'), '<meta name="sudoku-lens-token" content="%SUDOKU_LENS_TOKEN%">')
  server = await startWebMode({ rendererDir: root, userDataDir: join(root, 'data'), version: 't' })
  client = await signIn(server)
})

afterAll(() => server.close())

async function call<T>(channel: string, argument?: unknown): Promise<T> {
  const { reply, status, text } = await client.call<T>(channel, argument)
  if (!reply) throw new Error(`${status} ${text}`)
  if (!reply.ok) throw new Error(reply.error.message)
  return reply.value
}

const frame = (i: number) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: { r: i * 20, g: 100, b: 200 - i * 10 } } })
    .jpeg()
    .toBuffer()
    .then((b) => new Uint8Array(b))

describe('time-lapse through the web host', () => {
  it('records frames sent as bytes, encodes an H.264 film with progress events, and serves it', async () => {
    const events: string[] = []
    const controller = new AbortController()
    const stream = client
      .fetch('/api/events', { signal: controller.signal })
      .then(async (response) => {
        const reader = response.body!.getReader()
        for (;;) {
          const { value, done } = await reader.read()
          if (done) break
          events.push(new TextDecoder().decode(value))
        }
      })
      .catch(() => undefined)

    const session = await call<{ id: string }>('timelapse:start', { ...DEFAULT_TIMELAPSE_SETTINGS, fpsIn: 5, fpsOut: 10, size: { width: 320, height: 240 } })
    // Paced like a real recording (the shortest interval is 0.5 s): the writer drops shots only
    // when the disk falls behind, and then says so in the receipt.
    let queued = 0
    for (let i = 0; i < 10; i++) {
      const receipt = await call<{ status: string }>('timelapse:frame', { id: session.id, jpeg: await frame(i) })
      expect(['queued', 'dropped']).toContain(receipt.status)
      if (receipt.status === 'queued') queued++
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(queued).toBeGreaterThanOrEqual(8)
    const stopped = await call<{ frameCount: number; state: string }>('timelapse:stop', { id: session.id })
    expect(stopped).toMatchObject({ frameCount: queued, state: 'stopped' })

    const outcome = await call<{ frames: number; filmSeconds: number }>('timelapse:encode', { id: session.id })
    expect(outcome).toMatchObject({ frames: queued, filmSeconds: queued / 5 })
    await expect.poll(() => events.join('')).toContain('timelapse:progress')
    controller.abort()
    await stream

    const film = await client.fetch(`/media/timelapse/${session.id}.mp4`)
    expect(film.status).toBe(200)
    const path = join(mkdtempSync(join(tmpdir(), 'sl-film-')), 'film.mp4')
    writeFileSync(path, new Uint8Array(await film.arrayBuffer()))
    const probe = await promisify(execFile)(ffmpeg.path, ['-hide_banner', '-i', path]).catch((e: { stderr: string }) => e)
    expect(probe.stderr).toMatch(/Video: h264/)
    expect(probe.stderr).toMatch(/, 10 fps,/)
    // Without the session cookie there is no film.
    expect((await fetch(`${server.url}media/timelapse/${session.id}.mp4`)).status).toBe(403)
  })

  it('refuses a session id that could name another folder, and frames that are not JPEG', async () => {
    await expect(call('timelapse:stop', { id: '../../etc' })).rejects.toThrow(/must be a string matching/)
    const session = await call<{ id: string }>('timelapse:start', DEFAULT_TIMELAPSE_SETTINGS)
    await expect(call('timelapse:frame', { id: session.id, jpeg: new Uint8Array([1, 2, 3]) })).rejects.toThrow(/JPEG/)
    await expect(call('timelapse:start', { ...DEFAULT_TIMELAPSE_SETTINGS, crf: 99 })).rejects.toThrow(/crf must be/)
    const board = { givens: '0'.repeat(81), entries: '0'.repeat(81), marks: Array(81).fill('').join(',') }
    await expect(call('timelapse:frame', { id: session.id, jpeg: await frame(1), board: { ...board, hand: true } })).rejects.toThrow(
      /board.hand is not allowed/,
    )
    await expect(call('timelapse:frame', { id: session.id, jpeg: await frame(1), board: { ...board, entries: '9' } })).rejects.toThrow(
      /entries must be 81 digits/,
    )
    expect(await call('timelapse:frame', { id: session.id, jpeg: await frame(1), board })).toMatchObject({ status: 'queued' })
    await call('timelapse:stop', { id: session.id })
  })
})
