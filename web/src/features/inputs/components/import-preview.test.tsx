import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { ImportPreview } from '@promptgrid/contract';
import { ImportPreviewTables } from './import-preview';

const preview = (errors: ImportPreview['errors']): ImportPreview => ({
  total_rows: 0,
  encoding: 'UTF-8',
  delimiter: null,
  columns: [],
  sample: [],
  rows: [],
  errors,
});

describe('ImportPreviewTables', () => {
  it("says a problem of the whole file as a sentence, with no row or field, and lists rows' problems by row", () => {
    render(
      <ImportPreviewTables
        preview={preview([
          { row: 0, field: 'data', message: 'The file is empty.' },
          { row: 3, field: 'data', message: 'Each line must be a JSON object.' },
        ])}
        onColumnChange={() => {}}
      />,
    );
    expect(screen.getByText('The file is empty.')).toBeVisible();
    const rows = screen.getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual(['RowFieldProblem', '3dataEach line must be a JSON object.']);
  });

  it('shows no row table when the only problem is the file', () => {
    render(
      <ImportPreviewTables
        preview={preview([
          { row: 0, field: 'data', message: 'This is not a text file: choose a CSV file saved as text.' },
        ])}
        onColumnChange={() => {}}
      />,
    );
    expect(screen.getByText('This is not a text file: choose a CSV file saved as text.')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Row errors/ })).not.toBeInTheDocument();
  });
});
