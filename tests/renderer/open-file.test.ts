import { describe, expect, it } from 'vitest'
import { fileKind, tooLargeMessage, unknownFileMessage } from '../../src/renderer/src/open-file'

describe('fileKind', () => {
  it('tells photos, puzzle files and anything else apart by type, then by name', () => {
    expect(fileKind({ name: 'page.JPG', type: '' })).toBe('photo')
    expect(fileKind({ name: 'scan', type: 'image/png' })).toBe('photo')
    expect(fileKind({ name: 'puzzle.sudoku', type: '' })).toBe('puzzle')
    expect(fileKind({ name: 'rows.csv', type: 'text/csv' })).toBe('puzzle')
    expect(fileKind({ name: 'scan.pdf', type: 'application/pdf' })).toBe('unknown')
    expect(fileKind({ name: 'page.html', type: 'text/html' })).toBe('unknown')
  })

  it('says in one line what can be opened', () => {
    expect(unknownFileMessage('scan.pdf')).toMatch(/^scan\.pdf is neither a photo nor a puzzle\. Open a photo .*\.sdk\)\.$/)
    expect(tooLargeMessage('dump.txt')).toBe('dump.txt is too large to be a puzzle file.')
  })
})
