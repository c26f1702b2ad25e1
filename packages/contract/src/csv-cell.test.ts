import { describe, expect, it } from 'vitest';
import { csvCellText, csvSafeCell } from './csv-cell.js';

describe('CSV cells a spreadsheet cannot run', () => {
  it('prefixes with an apostrophe every text a spreadsheet would read as a formula', () => {
    for (const text of ['=SUM(A1)', '+1', '-1', '@cmd', '\tx', '\rx', '=HYPERLINK("http://x")\nsecond line'])
      expect(csvSafeCell(text)).toBe(`'${text}`);
    for (const text of ['plain', ' =not first', '', "'quoted", '1-2', 'a=b']) expect(csvSafeCell(text)).toBe(text);
  });

  it('reads every written text back exactly, apostrophes before a formula included', () => {
    const texts = ['=1', "'=1", "''=1", "'", "'plain", 'plain', '-', '', "'\t"];
    for (const text of texts) expect(csvCellText(csvSafeCell(text))).toBe(text);
    expect(csvSafeCell("'=1")).toBe("''=1");
  });
});
