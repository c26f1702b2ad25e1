import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RepetitionsField } from './repetitions-field';

function Harness({ calls }: { calls: number }) {
  const [value, setValue] = useState(1);
  return (
    <>
      <RepetitionsField value={value} onChange={setValue} calls={calls} />
      <output aria-label="Chosen">{value}</output>
    </>
  );
}

describe('RepetitionsField', () => {
  it('is a labelled number field that says how many calls the run makes in all, and keeps the last valid number', async () => {
    render(<Harness calls={6} />);
    const field = screen.getByLabelText('Repetitions');
    expect(field).toHaveValue(1);
    expect(field).toHaveAccessibleDescription(/Runs each pair this many times/);

    await userEvent.clear(field);
    await userEvent.type(field, '3');
    expect(screen.getByLabelText('Chosen')).toHaveTextContent('3');
    expect(field).toHaveAccessibleDescription('Each pair runs 3 times: 18 API calls in all.');

    await userEvent.clear(field);
    await userEvent.type(field, '12');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Enter a whole number from 1 to 10.');
    expect(screen.getByLabelText('Chosen')).toHaveTextContent('1');
  });
});
