import type { ReactNode } from 'react';
import { Button } from './button';
import { Banner } from './banner';
import { Dialog } from './dialog';

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** The button that closes without acting; 'Cancel' unless another word says it better. */
  cancelLabel?: string;
  onConfirm: () => void;
  busy?: boolean;
  destructive?: boolean;
  error?: string | null;
  /** Fields under the message (the run's options). */
  children?: ReactNode;
};

/** Asks before an action that cannot be undone (delete) or that costs something (run). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  busy,
  destructive,
  error,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={message}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={destructive ? 'danger' : 'primary'} onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
      {error ? <Banner tone="error">{error}</Banner> : null}
    </Dialog>
  );
}
