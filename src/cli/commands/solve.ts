export const summary = 'Solve puzzles: sudoku-lens solve <81-char puzzle | file> [--json] [--limit N]'
export async function run(_args: string[]): Promise<number> {
  process.stderr.write('not yet\n')
  return 1
}
