/** Rows of the 5×3 window, top to bottom. */
export const SLOT_ROWS = 3;
export const SLOT_REELS = 5;

/**
 * The 20 fixed paylines every house slot shares: entry i is the row (0 top, 2 bottom) the line
 * crosses on reel i. Fixed lines keep the bet one number and the exact RTP one enumeration.
 */
export const SLOT_PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 0, 2, 0],
];

export const SLOT_LINE_COUNT = SLOT_PAYLINES.length;
