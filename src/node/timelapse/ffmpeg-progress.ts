/**
 * Reads ffmpeg's status lines from stderr (`frame=  73 fps= 45 q=22.0 size= 3840kB
 * time=00:00:02.00 bitrate=… speed=1.22x`, separated by carriage returns) into progress reports.
 * Pure functions: tested against stderr captured from the bundled ffmpeg.
 */
import type { EncodeProgress } from '../../shared/timelapse/settings'

/** "00:01:02.50" -> 62.5; undefined for "N/A" or anything else. */
export function parseTimestamp(text: string): number | undefined {
  const m = /^(-?)(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(text.trim())
  if (!m) return undefined
  const seconds = Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4])
  return m[1] ? -seconds : seconds
}

/**
 * One status line -> progress, or undefined for any other line. `totalFrames` is the number of
 * frames ffmpeg will write (see outputFrameCount); without it `percent` is null.
 */
export function parseProgressLine(line: string, totalFrames?: number): EncodeProgress | undefined {
  const frame = /frame=\s*(\d+)/.exec(line)
  const time = /time=\s*(\S+)/.exec(line)
  if (!frame || !time) return undefined
  const fps = /fps=\s*([\d.]+)/.exec(line)
  const speed = /speed=\s*([\d.]+)x/.exec(line)
  const n = Number(frame[1])
  const percent = totalFrames && totalFrames > 0 ? Math.min(100, (100 * n) / totalFrames) : null
  return {
    frame: n,
    fps: fps ? Number(fps[1]) : 0,
    timeSeconds: Math.max(0, parseTimestamp(time[1]) ?? 0),
    speed: speed ? Number(speed[1]) : null,
    percent,
  }
}

/**
 * Feeds stderr chunks as they arrive (a status line may be split across chunks) and calls
 * `onProgress` for each complete status line.
 */
export function createProgressReader(onProgress: (p: EncodeProgress) => void, totalFrames?: number): (chunk: string) => void {
  let rest = ''
  return (chunk) => {
    const parts = (rest + chunk).split(/[\r\n]/)
    rest = parts.pop() ?? ''
    for (const line of parts) {
      const p = parseProgressLine(line, totalFrames)
      if (p) onProgress(p)
    }
  }
}

/**
 * ffmpeg's own explanation of a failure: the last lines of stderr that are not status lines,
 * banner, stream dumps or the statistics `-v verbose` adds. Shown to the user as is.
 */
export function ffmpegErrorMessage(stderr: string, maxLines = 3): string {
  const lines = stderr
    .split(/[\r\n]+/)
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() !== '' && !/^\s*(frame=|size=|video:|Press \[q\]|configuration:|built with|lib\w+\s+\d)/.test(l))
    .filter((l) => !/^\s/.test(l))
    .filter((l) => !/^(\[(AVIOContext|Parsed_|graph |swscaler|libx264) |(Input|Output) file #|Stream mapping:|No more output streams)/.test(l))
  return lines.slice(-maxLines).join('\n')
}

/**
 * Images ffmpeg decoded from its input, from the statistics it prints at `-v verbose`
 * ("Input stream #0:0 (video): 30 packets read (…); 30 frames decoded;"); undefined when absent.
 */
export function framesDecoded(stderr: string): number | undefined {
  const m = /Input stream #0:0 \(video\): \d+ packets read \([^)]*\); (\d+) frames decoded/.exec(stderr)
  return m ? Number(m[1]) : undefined
}
