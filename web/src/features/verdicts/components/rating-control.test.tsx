import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiRequest, SaveRatingInput } from '@promptgrid/contract';
import { renderWithApp } from '@/testing/app-test-utils';
import { mockApi } from '@/testing/api-mock';
import { apiRequestFixture } from '@/testing/fixtures';
import { RatingControl } from './rating-control';

/** The card's request as the results screen keeps it: the saved rating is patched in. */
function Card({ initial }: { initial: ApiRequest }) {
  const [request, setRequest] = useState(initial);
  return (
    <RatingControl
      request={request}
      evaluationId={9}
      patchRequest={(id, patch) => id === request.id && setRequest({ ...request, ...patch })}
    />
  );
}

function setUp(initial = apiRequestFixture(4, 1, 5, 'SUCCESS')) {
  const sent: SaveRatingInput[] = [];
  mockApi(({ method, url, body }) => {
    if (method === 'PUT' && url === '/api/api-requests/4/rating/') {
      const data = JSON.parse(body) as SaveRatingInput;
      sent.push(data);
      return {
        body: { api_request_id: 4, rating: data.rating === 0 ? null : { rating: data.rating, note: data.note } },
      };
    }
  });
  renderWithApp(<Card initial={initial} />);
  return sent;
}

describe('RatingControl', () => {
  it('rates with the keyboard, adds a note, and clears the rating when the pressed thumb is pressed again', async () => {
    const sent = setUp();
    const up = screen.getByRole('button', { name: 'Thumbs up' });
    expect(screen.getByRole('group', { name: 'Your rating' })).toBeInTheDocument();
    expect(up).toHaveAttribute('aria-pressed', 'false');

    up.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(up).toHaveAttribute('aria-pressed', 'true'));
    expect(sent).toEqual([{ rating: 1, note: '' }]);

    await userEvent.click(screen.getByRole('button', { name: 'Add a note' }));
    const note = screen.getByLabelText('Note');
    expect(note).toHaveFocus();
    await userEvent.type(note, 'Clear and short');
    await userEvent.click(screen.getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('Clear and short')).toBeInTheDocument();
    expect(sent[1]).toEqual({ rating: 1, note: 'Clear and short' });

    // Down keeps the note; pressing down again clears both.
    await userEvent.click(screen.getByRole('button', { name: 'Thumbs down' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Thumbs down' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(sent[2]).toEqual({ rating: -1, note: 'Clear and short' });
    await userEvent.click(screen.getByRole('button', { name: 'Thumbs down' }));
    await waitFor(() => expect(screen.queryByText('Clear and short')).not.toBeInTheDocument());
    expect(sent[3]).toEqual({ rating: 0, note: 'Clear and short' });
    expect(screen.getByRole('button', { name: 'Thumbs down' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('button', { name: /note/ })).not.toBeInTheDocument();
  });

  it('shows a saved rating and says so when saving fails', async () => {
    setUp({ ...apiRequestFixture(5, 1, 5, 'SUCCESS'), rating: { rating: -1, note: 'Too long' } });
    expect(screen.getByRole('button', { name: 'Thumbs down' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Too long')).toBeInTheDocument();
    mockApi(() => ({ status: 500, body: { detail: 'down' } }));
    await userEvent.click(screen.getByRole('button', { name: 'Thumbs up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save the rating.');
    expect(screen.getByRole('button', { name: 'Thumbs down' })).toHaveAttribute('aria-pressed', 'true');
  });
});
