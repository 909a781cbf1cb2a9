/**
 * Lookup tables for the band solver (`solver.ts`), built once when the module loads.
 *
 * The solver keeps, for each digit, three 27-bit masks, one per band (a band is three rows of
 * boxes: rows 0-2, 3-5, 6-8). Within a band mask, bit `(row % 3) * 9 + col` is set while the
 * digit is still possible in that cell. A "minirow" is the three cells a row shares with a box;
 * a band has nine of them: minirow `(row % 3) * 3 + box` covers bits `(row % 3) * 9 + 3 * box`
 * to `+ 2`. All masks fit in 27 bits, so every operation stays a 32-bit integer operation.
 */

/** The three columns of a band mask: bit `col` in each row, repeated for the three rows. */
const BAND_COLUMN = 0x40201

/** 9-bit row (three boxes of three cells) -> 3-bit box occupancy (bit k: box k has a cell). */
const ROW_TO_BOXES = new Uint8Array(512)

/**
 * 9-bit minirow pattern of one digit in one band (bit `r * 3 + k`: row r has the digit in box k)
 * -> 27-bit mask of the minirows that belong to at least one way of placing the digit once per
 * row and once per box (a permutation rows -> boxes). 0 when no such permutation exists.
 * Applying it performs pointing and claiming (box-line reductions) inside the band at once.
 */
const MINIROW_MATCHING = new Int32Array(512)

/**
 * 9-bit column mask of one digit in one band -> the columns that the other two bands must give
 * up (as a band mask): in each stack where this band can use only one column, that column.
 */
const LOCKED_COLUMN = new Int32Array(512)

/**
 * 9-bit union of the column masks of two bands -> the columns left to the third band: in each
 * stack where the two bands together reach only two columns, they need both of them, so the
 * third band keeps only the remaining column; other stacks are left whole. As a band mask.
 */
const THIRD_BAND_COLUMNS = new Int32Array(512)

const PERMUTATIONS = [
  [0, 1, 2],
  [0, 2, 1],
  [1, 0, 2],
  [1, 2, 0],
  [2, 0, 1],
  [2, 1, 0],
]

function bitCount3(x: number): number {
  return (x & 1) + ((x >> 1) & 1) + ((x >> 2) & 1)
}

for (let x = 0; x < 512; x++) {
  let boxes = 0
  for (let k = 0; k < 3; k++) if ((x >> (3 * k)) & 7) boxes |= 1 << k
  ROW_TO_BOXES[x] = boxes

  let allowed = 0
  for (const perm of PERMUTATIONS) {
    let fits = true
    for (let r = 0; r < 3; r++) if (!((x >> (r * 3 + perm[r])) & 1)) fits = false
    if (fits) for (let r = 0; r < 3; r++) allowed |= 7 << (r * 9 + 3 * perm[r])
  }
  MINIROW_MATCHING[x] = allowed

  let locked = 0
  let third = 0
  for (let k = 0; k < 3; k++) {
    const stack = (x >> (3 * k)) & 7
    if (bitCount3(stack) === 1) locked |= stack << (3 * k)
    third |= (bitCount3(stack) === 2 ? ~stack & 7 : 7) << (3 * k)
  }
  LOCKED_COLUMN[x] = locked * BAND_COLUMN
  THIRD_BAND_COLUMNS[x] = third * BAND_COLUMN
}

/** 9-bit row of a band mask -> the row itself when it holds exactly one cell, else 0. */
const SINGLE_CELL_ROW = new Int32Array(512)
for (let x = 1; x < 512; x++) if ((x & (x - 1)) === 0) SINGLE_CELL_ROW[x] = x

/** For each cell: its band. */
const CELL_BAND = new Uint8Array(81)
/** For each cell: its bit in the band mask. */
const CELL_BIT = new Int32Array(81)
/** For each cell: the other cells of its band in the same row, column or box (band mask). */
const CELL_BAND_PEERS = new Int32Array(81)
/**
 * For cell c and band b, at `c * 3 + b`: the peers of c in band b (its row, column and box
 * when b is its own band, else its column).
 */
const CELL_PEERS_BY_BAND = new Int32Array(81 * 3)
/** For each cell: its column in a band mask (what the other two bands lose when it is placed). */
const CELL_COLUMN = new Int32Array(81)

for (let cell = 0; cell < 81; cell++) {
  const row = Math.floor(cell / 9)
  const col = cell % 9
  const band = Math.floor(row / 3)
  const pos = (row % 3) * 9 + col
  const box = Math.floor(col / 3)
  CELL_BAND[cell] = band
  CELL_BIT[cell] = 1 << pos
  CELL_COLUMN[cell] = BAND_COLUMN << col
  const rowBits = 0x1ff << ((row % 3) * 9)
  const boxBits = 0x1c0e07 << (3 * box)
  CELL_BAND_PEERS[cell] = (rowBits | boxBits | (BAND_COLUMN << col)) & ~(1 << pos)
  for (let b = 0; b < 3; b++) CELL_PEERS_BY_BAND[cell * 3 + b] = b === band ? CELL_BAND_PEERS[cell] : BAND_COLUMN << col
}

export const bandTables = {
  BAND_COLUMN,
  ROW_TO_BOXES,
  MINIROW_MATCHING,
  LOCKED_COLUMN,
  THIRD_BAND_COLUMNS,
  SINGLE_CELL_ROW,
  CELL_BAND,
  CELL_BIT,
  CELL_BAND_PEERS,
  CELL_COLUMN,
  CELL_PEERS_BY_BAND,
} as const
