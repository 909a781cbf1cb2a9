/**
 * The small HTTP pieces the web host (web-server.ts) is built from: content types, secrets compared
 * in constant time, cookies, byte ranges, bounded request bodies and answers that always carry the
 * security headers. Plain functions over Node's http types; none keeps state.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { WIRE_CONTENT_TYPE, encodeWireBinary } from '../shared/wire'
import { contentSecurityPolicyFor } from './security-policy'

export const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.mp4': 'video/mp4',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.gz': 'application/gzip',
  '.ico': 'image/x-icon',
  '.traineddata': 'application/octet-stream',
}

export const secret = (): string => randomBytes(32).toString('base64url')

/** Compares secrets in constant time, so their value cannot be found by timing the answers. */
export function sameSecret(presented: string | undefined, expected: string): boolean {
  if (presented === undefined) return false
  const a = Buffer.from(presented)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return value.join('=')
  }
  return undefined
}

/** A path segment decoded, or null for malformed escapes such as `%zz`. */
export function decodePath(text: string): string | null {
  try {
    return decodeURIComponent(text)
  } catch {
    return null
  }
}

/**
 * The one byte range of a `Range` header against a file of `size` bytes (RFC 9110 §14.1.2):
 * `bytes=a-b`, `bytes=a-` (to the end) and `bytes=-n` (the last n). null: serve the whole file
 * (no header, several ranges, another unit); 'unsatisfiable': answer 416.
 */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '')
  if (!m || (m[1] === '' && m[2] === '')) return null
  if (m[1] === '') {
    const suffix = Number(m[2])
    if (suffix === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(m[1])
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)
  if (start >= size || start > end) return 'unsatisfiable'
  return { start, end }
}

export const headerValue = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value)

export function send(res: ServerResponse, status: number, type: string, body: string | Uint8Array, policy = contentSecurityPolicyFor('')): void {
  res.writeHead(status, {
    'content-type': type,
    'content-security-policy': policy,
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  })
  res.end(body)
}

export function sendWire(res: ServerResponse, reply: unknown): void {
  send(res, 200, WIRE_CONTENT_TYPE, encodeWireBinary(reply))
}

/** 413, and the connection closed once it is sent: the rest of an oversized body is never read. */
export function tooLarge(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('connection', 'close')
  send(res, 413, 'text/plain', 'Request too large')
  res.on('finish', () => req.destroy())
}

export function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        // Stop reading at once: nothing past the limit is kept or waited for.
        req.pause()
        resolve(null)
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => resolve(size > limit ? null : Buffer.concat(chunks)))
    req.on('error', reject)
  })
}
