/**
 * The CLI's command table: one file per command, each exporting `spec` and `run(args)`, loaded on
 * demand so that `solve` never pays for OpenCV or Tesseract start-up (and `--help` for none).
 */
export interface Command {
  readonly run: (args: string[]) => Promise<number>
}

export interface CommandEntry {
  /** One line for `sudoku-lens --help`. */
  readonly summary: string
  readonly load: () => Promise<Command>
}

export const commands: Readonly<Record<string, CommandEntry>> = {
  solve: { summary: 'solve puzzles (arguments or files): unique, multiple, none or invalid, and the solution', load: () => import('./solve') },
  read: { summary: 'read Sudoku photos: givens, entries, pencil marks, cells to check', load: () => import('./read') },
  hint: { summary: 'a hint for the next logical step, at three levels', load: () => import('./hint') },
  steps: { summary: 'every logical step available in a grid or a set of pencil marks', load: () => import('./steps') },
  rate: { summary: 'rate puzzles: easy … extreme, score and techniques needed', load: () => import('./rate') },
  export: { summary: 'read a photo, solve it and write the solved image (PNG)', load: () => import('./export') },
  timelapse: { summary: 'encode a folder of numbered frames to an H.264 film', load: () => import('./timelapse') },
}
