import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { JUDGING_CANCELLED } from '@promptgrid/contract';
import type { GridCell } from './grid-data';
import { MatrixCell } from './matrix-cell';

const judged: GridCell = {
  status: 'SUCCESS',
  output: 'Paris',
  error: null,
  seconds: 1.2,
  inputTokens: 10,
  outputTokens: 2,
  verdicts: [{ checkId: 1, name: 'Says Lyon', pass: false, reason: 'Does not contain "Lyon".' }],
};

const cellProps = {
  cell: judged,
  label: 'Capital, Terse',
  rowIndex: 0,
  columnIndex: 0,
  columnOffset: 2,
  left: 0,
  width: 340,
  height: 120,
  baseline: null,
  mode: 'plain' as const,
  full: false,
  onFocusCell: vi.fn(),
  onExpand: vi.fn(),
};

describe('MatrixCell', () => {
  it('says on the cell that its judgement was cancelled', () => {
    const cancelled: GridCell = {
      ...judged,
      verdicts: [{ checkId: 2, name: 'Judge', pass: null, reason: JUDGING_CANCELLED }],
    };
    render(<MatrixCell {...cellProps} cell={cancelled} active={false} />);
    expect(screen.getByRole('gridcell')).toHaveTextContent(JUDGING_CANCELLED);
    expect(screen.getByRole('button', { name: 'Error: Judge' })).toBeInTheDocument();
  });

  it('keeps the copy button and the verdict reasons for the cell under the pointer, so a scroll builds less', async () => {
    render(<MatrixCell {...cellProps} active={false} />);
    const cell = screen.getByRole('gridcell');
    expect(screen.getByRole('button', { name: 'Fail: Says Lyon' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy output: Capital, Terse' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tooltip', { hidden: true })).not.toBeInTheDocument();

    await userEvent.hover(cell);
    expect(screen.getByRole('button', { name: 'Copy output: Capital, Terse' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fail: Says Lyon' })).toHaveAccessibleDescription(
      /^Failed: Says Lyon\s*Does not contain "Lyon"\.$/,
    );
    await userEvent.unhover(cell);
    expect(screen.queryByRole('button', { name: 'Copy output: Capital, Terse' })).not.toBeInTheDocument();
  });

  it('shows them on the active cell, for the keyboard and for a tap on a phone', () => {
    render(<MatrixCell {...cellProps} active />);
    expect(screen.getByRole('button', { name: 'Copy output: Capital, Terse' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fail: Says Lyon' })).toHaveAccessibleDescription(
      /Does not contain "Lyon"/,
    );
  });
});
