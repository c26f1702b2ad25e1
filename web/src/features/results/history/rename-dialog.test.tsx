import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@/testing/app-test-utils';
import { mockApi } from '@/testing/api-mock';
import { expectEscapeAsksBeforeDiscarding, expectEscapeClosesAtOnce } from '@/testing/discard-guard';
import { RenameDialog } from './rename-dialog';

describe('RenameDialog', () => {
  it("shows the server's field message under Name and stays open", async () => {
    mockApi(({ method }) =>
      method === 'PATCH' ? { status: 400, body: { name: ['Name must not contain a NUL character.'] } } : undefined,
    );
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<RenameDialog projectId="1" evaluation={{ id: 4, name: 'Run 4' }} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Rename evaluation' });
    await user.type(within(dialog).getByLabelText(/^Name/), ' again');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name must not contain a NUL character.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks before Escape throws away a typed name, and closes at once when nothing was typed', async () => {
    const onClose = vi.fn();
    const { unmount } = renderWithApp(
      <RenameDialog projectId="1" evaluation={{ id: 4, name: 'Run 4' }} onClose={onClose} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Rename evaluation' });
    await expectEscapeAsksBeforeDiscarding({
      type: () => userEvent.type(within(dialog).getByLabelText(/^Name/), ' again'),
      expectTyping: () => expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Run 4 again'),
      closed: onClose,
      closedWith: [],
    });
    unmount();

    const closedAtOnce = vi.fn();
    renderWithApp(<RenameDialog projectId="1" evaluation={{ id: 4, name: 'Run 4' }} onClose={closedAtOnce} />);
    await screen.findByRole('dialog', { name: 'Rename evaluation' });
    await expectEscapeClosesAtOnce(closedAtOnce, []);
  });
});
