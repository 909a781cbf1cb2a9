/**
 * The one Open: a file picked, dropped or pasted is a photo to read or a puzzle to load, told
 * apart by its type and name, and anything else gets one line saying what can be opened.
 */

export type FileKind = 'photo' | 'puzzle' | 'unknown'

const PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'heic', 'heif']
const PUZZLE_EXTENSIONS = ['sudoku', 'txt', 'csv', 'sdk']

/** For the file picker: every photo and puzzle file the app opens. */
export const OPEN_ACCEPT = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
  'text/plain',
  'text/csv',
  ...[...PHOTO_EXTENSIONS, ...PUZZLE_EXTENSIONS].map((ext) => `.${ext}`),
].join(',')

export function fileKind(file: { readonly name: string; readonly type: string }): FileKind {
  const extension = /\.([^./]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? ''
  if (file.type.startsWith('image/') || PHOTO_EXTENSIONS.includes(extension)) return 'photo'
  if (PUZZLE_EXTENSIONS.includes(extension) || (file.type.startsWith('text/') && extension !== 'html')) return 'puzzle'
  return 'unknown'
}

/** Puzzle files are small text; anything larger is not a puzzle, and is not read into memory. */
export const MAX_PUZZLE_FILE_BYTES = 1_000_000

export function tooLargeMessage(name: string): string {
  return `${name} is too large to be a puzzle file.`
}

export function unknownFileMessage(name: string): string {
  return `${name} is neither a photo nor a puzzle. Open a photo (JPEG, PNG, WebP, HEIC) or a puzzle file (.sudoku, .txt, .csv, .sdk).`
}
