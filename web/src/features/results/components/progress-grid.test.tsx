import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { ApiRequestStatus } from '@promptgrid/contract';
import { LISTED_DOTS_MAX, ProgressGrid } from './progress-grid';

describe('ProgressGrid', () => {
  it('lists a dot per request, each named by its number and status', () => {
    render(<ProgressGrid dots={['SUCCESS', 'FAILED', 'IN_PROGRESS', 'PENDING']} />);
    const grid = screen.getByRole('list', { name: 'Request progress' });
    expect(grid.querySelectorAll('li')).toHaveLength(4);
    expect(screen.getByLabelText('Request 2: Failed')).toHaveAttribute('data-status', 'FAILED');
  });

  it("draws a large run's dots as one image that says the counts", () => {
    const dots: ApiRequestStatus[] = Array.from({ length: LISTED_DOTS_MAX + 1 }, (_, i) =>
      i < 3 ? 'FAILED' : 'SUCCESS',
    );
    render(<ProgressGrid dots={dots} />);
    expect(screen.getByRole('img', { name: 'Request progress: 998 success, 3 failed' })).toBeInTheDocument();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });
});
