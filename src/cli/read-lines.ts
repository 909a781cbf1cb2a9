/**
 * A text file, line by line, in bounded memory: the file is read in 64 KB chunks and a line longer
 * than `maxLength` is kept only up to that length (and flagged), the rest of it skipped, so a 200 MB
 * file with no newline costs no more than a small one. Bytes that are not UTF-8 become U+FFFD.
 */
import { createReadStream } from 'node:fs'
import { StringDecoder } from 'node:string_decoder'

export interface TextLine {
  /** 1-based, counting every line of the file. */
  readonly number: number
  /** The line without its `\n` or `\r\n`, cut to `maxLength` characters when `tooLong`. */
  readonly text: string
  readonly tooLong: boolean
}

const CHUNK_BYTES = 64 * 1024

export async function* readLines(path: string, maxLength: number): AsyncGenerator<TextLine> {
  const decoder = new StringDecoder('utf8')
  let pending = ''
  let tooLong = false
  let number = 0

  const complete = (): TextLine => {
    number++
    const text = number === 1 ? pending.replace(/^\uFEFF/, '') : pending
    const line = { number, text: text.endsWith('\r') ? text.slice(0, -1) : text, tooLong }
    pending = ''
    tooLong = false
    return line
  }
  /** Adds a piece of the current line, keeping at most one character past the limit to know it was passed. */
  const append = (piece: string): void => {
    if (tooLong) return
    pending += piece.slice(0, maxLength + 2 - pending.length)
    // `+ 2`: a line of exactly maxLength characters followed by `\r` is not too long.
    if (pending.length > maxLength && !(pending.length === maxLength + 1 && pending.endsWith('\r'))) {
      tooLong = true
      pending = pending.slice(0, maxLength)
    }
  }
  function* split(text: string): Generator<TextLine> {
    let start = 0
    for (let newline = text.indexOf('\n'); newline >= 0; newline = text.indexOf('\n', start)) {
      append(text.slice(start, newline))
      yield complete()
      start = newline + 1
    }
    append(text.slice(start))
  }

  for await (const chunk of createReadStream(path, { highWaterMark: CHUNK_BYTES })) {
    yield* split(decoder.write(chunk as Buffer))
  }
  yield* split(decoder.end())
  if (pending !== '' || tooLong) yield complete()
}
