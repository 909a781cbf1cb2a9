/**
 * What the CLI prints: messages kept to one printable line whatever the input held (binary, control
 * characters, bidirectional overrides, half a surrogate pair), and result lines written to stdout
 * in batches that wait while the pipe is full, so a long input never piles its output up in memory.
 */

/** C0/C1 controls, bidirectional controls and unpaired surrogates: shown escaped, never sent to a terminal. */
const UNPRINTABLE =
  // eslint-disable-next-line no-control-regex -- finding control characters is this pattern's job
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

/** A message as one printable line of at most `max` characters. */
export function oneLine(message: string, max = 500): string {
  const flat = printable(message.replace(/\s*\r?\n\s*/g, ' ').trim())
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

/** A value the user typed, for a message: as it is when plain, else quoted and escaped; long ones cut. */
export function shortText(text: string, max = 60): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text
  return /^[\w./:=@+,-]+$/.test(cut) ? cut : `"${printable(cut).replace(/"/g, '\\"')}"`
}

/** Enough lines per write that 600 000 results are not 600 000 system calls. */
const BATCH_CHARS = 64 * 1024

export class LineWriter {
  private parts: string[] = []
  private size = 0

  constructor(private readonly stream: NodeJS.WritableStream = process.stdout) {}

  async line(text: string): Promise<void> {
    this.parts.push(text, '\n')
    this.size += text.length + 1
    if (this.size >= BATCH_CHARS) await this.flush()
  }

  async flush(): Promise<void> {
    if (this.size === 0) return
    const text = this.parts.join('')
    this.parts = []
    this.size = 0
    if (this.stream.write(text)) return
    await new Promise<void>((resolve) => {
      const done = (): void => {
        this.stream.off('drain', done).off('close', done).off('error', done)
        resolve()
      }
      this.stream.once('drain', done).once('close', done).once('error', done)
    })
  }
}
