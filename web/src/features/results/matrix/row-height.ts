/** How tall the matrix's rows are: a few lines of each output, more of them, or every line. */
export type RowHeight = 'compact' | 'comfortable' | 'full';
export const ROW_HEIGHT_OPTIONS: readonly { value: RowHeight; label: string }[] = [
  { value: 'compact', label: 'Compact' },
  { value: 'comfortable', label: 'Comfortable' },
  { value: 'full', label: 'Full' },
];

const FIXED_HEIGHTS = { compact: 106, comfortable: 186 } as const;
/** The facts line, the gap under it and the cell's padding: what a row needs besides its text. */
const CELL_CHROME = 44;
const LINE_HEIGHT = 20;
/** The average width of a character of the cells' 13 px text, slightly generous so a guess errs on more lines. */
const CHARACTER_WIDTH = 7;
const HORIZONTAL_PADDING = 24;
/** A full row is never taller than this; a longer output scrolls inside its cell. */
const FULL_HEIGHT_LIMIT = 1600;

/**
 * The height a text takes in a cell of this width, guessed from its characters rather than measured: measuring
 * would lay out every row of a 10,000-cell grid before it could be scrolled.
 */
export function textHeight(text: string, width: number): number {
  const perLine = Math.max(8, Math.floor((width - HORIZONTAL_PADDING) / CHARACTER_WIDTH));
  let lines = 0;
  for (const line of text.split('\n')) lines += Math.max(1, Math.ceil(line.length / perLine));
  return lines * LINE_HEIGHT;
}

/** The room a row of this height leaves for a cell's text. */
export const textRoom = (rowHeight: number) => rowHeight - CELL_CHROME;

/** A row's height: fixed when compact or comfortable; when full, its longest text's (the widest guess). */
export function rowHeightOf(mode: RowHeight, texts: { text: string; width: number }[]): number {
  if (mode !== 'full') return FIXED_HEIGHTS[mode];
  const tallest = texts.reduce((most, { text, width }) => Math.max(most, textHeight(text, width)), 0);
  return Math.min(FULL_HEIGHT_LIMIT, Math.max(FIXED_HEIGHTS.compact, tallest + CELL_CHROME));
}
