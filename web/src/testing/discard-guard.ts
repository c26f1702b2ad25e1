import { expect, type Mock } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

type GuardedForm = {
  /** Types into the form. */
  type: () => Promise<void>;
  /** Checks the typing is still there. */
  expectTyping: () => void;
  /** What closing calls (onOpenChange, onClose). */
  closed: Mock;
  /** How the close shows in `closed`'s calls: onOpenChange(false) or onClose(). */
  closedWith?: unknown[];
};

/**
 * The discard guard, the way a user meets it: typing then Escape asks 'Discard your changes?'; Keep editing keeps
 * the typing and the form open; Escape again and Discard closes.
 */
export async function expectEscapeAsksBeforeDiscarding({
  type,
  expectTyping,
  closed,
  closedWith = [false],
}: GuardedForm) {
  await type();
  await userEvent.keyboard('{Escape}');
  const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
  await userEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
  expectTyping();
  expect(closed).not.toHaveBeenCalled();

  await userEvent.keyboard('{Escape}');
  const again = await screen.findByRole('dialog', { name: 'Discard your changes?' });
  await userEvent.click(within(again).getByRole('button', { name: 'Discard' }));
  expect(closed).toHaveBeenCalledWith(...closedWith);
}

/** With nothing typed, Escape closes at once, without asking. */
export async function expectEscapeClosesAtOnce(closed: Mock, closedWith: unknown[] = [false]) {
  await userEvent.keyboard('{Escape}');
  expect(closed).toHaveBeenCalledWith(...closedWith);
  expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).not.toBeInTheDocument();
}
