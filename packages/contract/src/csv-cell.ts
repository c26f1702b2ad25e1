/**
 * Spreadsheets run a cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return as a formula, so a model's
 * output or an imported text could run `=HYPERLINK(...)` on the machine of whoever opens the file. Every CSV the
 * product writes passes each text cell through `csvSafeCell`, which prefixes such a cell with `'` (spreadsheets show
 * the text and hide the apostrophe).
 *
 * A cell that already starts with apostrophes before such a character gets one more, so the prefix can always be
 * told apart from the text: `csvCellText` (what an import reads) removes exactly one, and every text reads back as
 * it was written. A hand-written cell `'=1` imports as `=1`, as a spreadsheet shows it.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const PREFIXED_FORMULA = /^'+[=+\-@\t\r]/;

export const csvSafeCell = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

export const csvCellText = (cell: string): string => (PREFIXED_FORMULA.test(cell) ? cell.slice(1) : cell);
