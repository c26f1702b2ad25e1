import { useEffect, useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';

type DeleteConfirmDialogProps<T> = {
  /** The item to delete; null keeps the dialog closed. */
  item: T | null;
  onClose: () => void;
  title: string;
  message: string;
  /** Shown in the dialog when the delete fails; the dialog stays open. */
  failedMessage: string;
  onDelete: (item: T) => Promise<unknown>;
};

/** Asks before deleting (spec: deleting needs confirmation), shows the failure, closes once deleted. */
export function DeleteConfirmDialog<T>({
  item,
  onClose,
  title,
  message,
  failedMessage,
  onDelete,
}: DeleteConfirmDialogProps<T>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setError(null), [item]);

  async function confirm() {
    if (item === null) return;
    setBusy(true);
    try {
      await onDelete(item);
      onClose();
    } catch {
      setError(failedMessage);
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
