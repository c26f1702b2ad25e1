import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DeleteConfirmDialog } from './delete-confirm-dialog';

const props = {
  title: 'Delete input',
  message: 'Are you sure you want to delete this input?',
  failedMessage: 'Failed to delete input',
};

describe('DeleteConfirmDialog', () => {
  it('deletes the item and closes', async () => {
    const onDelete = vi.fn().mockResolvedValue(undefined);
    const onClose = vi.fn();
    render(<DeleteConfirmDialog item={{ id: 7 }} onClose={onClose} onDelete={onDelete} {...props} />);
    expect(screen.getByRole('dialog', { name: 'Delete input' })).toHaveTextContent(
      'Are you sure you want to delete this input?',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledWith({ id: 7 });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('stays open with the failure message when the delete fails', async () => {
    const onClose = vi.fn();
    render(
      <DeleteConfirmDialog
        item={{ id: 7 }}
        onClose={onClose}
        onDelete={() => Promise.reject(new Error('500'))}
        {...props}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete input');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('renders nothing without an item', () => {
    render(<DeleteConfirmDialog item={null} onClose={() => {}} onDelete={() => Promise.resolve()} {...props} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
