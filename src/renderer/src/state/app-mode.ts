/**
 * What the user is doing, shown in the status bar with what to do next: entering a puzzle,
 * reviewing what was read from a photo, playing, or looking at the solution.
 */
export type AppMode = 'entering' | 'reviewing' | 'playing' | 'solved'

export interface ModeInputs {
  readonly editingGivens: boolean
  readonly givenCount: number
  /** Reviewing the board read from a photo or the camera (PuzzleSession's `review` mode). */
  readonly fromRead: boolean
  readonly solved: boolean
}

export const MODE_LABELS: Record<AppMode, string> = {
  entering: 'Entering the puzzle',
  reviewing: 'Reviewing the read',
  playing: 'Playing',
  solved: 'Solved',
}

export function appMode(inputs: ModeInputs): AppMode {
  if (inputs.editingGivens) return 'entering'
  if (inputs.solved) return 'solved'
  return inputs.fromRead ? 'reviewing' : 'playing'
}

export function nextStep(mode: AppMode, inputs: ModeInputs): string {
  if (mode === 'entering') {
    return inputs.givenCount
      ? 'Type the remaining givens, then Solve (S) or switch to Play.'
      : 'Type the givens, paste a puzzle, open a photo (O) or turn the webcam on (W).'
  }
  if (mode === 'reviewing') return 'Compare the board with the photo: cells with a ? are doubtful. Type over a wrong digit, then Solve (S) or play.'
  if (mode === 'solved') return 'Export it (E), or record yourself solving on paper (R).'
  return 'Type your digits; H for a hint, C to check, S to solve. ? lists every key.'
}
