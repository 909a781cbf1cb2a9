/** The CLI's command table: one file per command, each exporting `run(args)`. */
export interface Command {
  /** One line for `sudoku-lens --help`. */
  readonly summary: string
  readonly run: (args: string[]) => Promise<number>
}

type CommandLoader = () => Promise<Command>

export const commands: Record<string, CommandLoader> = {
  solve: () => import('./solve'),
  read: () => import('./read'),
  hint: () => import('./hint'),
  steps: () => import('./steps'),
  rate: () => import('./rate'),
  export: () => import('./export'),
  timelapse: () => import('./timelapse'),
}
