import { useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';

type DeleteConfirmDialogProps<T> = {
  /** The item to delete; null keeps the dialog closed. */
  item: T | null;
  onClose: () => void;
  title: string;
  message: string;
  /** Shown in the dialog when the delete fails (or made from the failure); the dialog stays open. */
  failedMessage: string | ((error: unknown) => string);
  onDelete: (item: T) => Promise<unknown>;
};

/** Asks before deleting (a delete cannot be undone), shows the failure, closes once deleted. */
export function DeleteConfirmDialog<T>({
  item,
  onClose,
  title,
  message,
  failedMessage,
  onDelete,
}: DeleteConfirmDialogProps<T>) {
  const [busy, setBusy] = useState(false);
  // A failure belongs to the item it happened to: opening the dialog on another item shows no stale message.
  const [failure, setFailure] = useState<{ item: T; message: string } | null>(null);
  const error = failure && failure.item === item ? failure.message : null;

  async function confirm() {
    if (item === null) return;
    setBusy(true);
    try {
      await onDelete(item);
      onClose();
    } catch (error) {
      setFailure({ item, message: typeof failedMessage === 'string' ? failedMessage : failedMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      message={message}
      confirmLabel="Delete"
      destructive
      busy={busy}
      error={error}
      onConfirm={() => void confirm()}
    />
  );
}
