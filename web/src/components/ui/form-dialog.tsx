import { useId, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Banner } from './banner';
import { Button } from './button';
import { Dialog } from './dialog';
import { useDiscardGuard } from './discard-guard';

type FormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** While saving, the dialog cannot be closed and its buttons are disabled. */
  saving: boolean;
  submitLabel: string;
  /** 'danger' for a submit that destroys something. */
  submitVariant?: 'primary' | 'danger';
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** A red banner above the fields. */
  saveError?: string | null;
  closeOnOutsideClick?: boolean;
  /**
   * The form has unsaved changes: Escape, a click outside, the close button and Cancel ask 'Discard your changes?'
   * first, and `onDiscard` runs when the user discards them. A clean form closes at once.
   */
  dirty?: boolean;
  onDiscard?: () => void;
  /** The values came back from an earlier, unsaved editing of this form: says so above the fields. */
  restoredDraft?: boolean;
  /**
   * The save was refused because the record was saved elsewhere meanwhile: beside the error, the user loads that
   * version (their changes are replaced) or overwrites it with theirs.
   */
  conflict?: { onLoadSaved: () => void; onOverwrite: () => void } | null;
  className?: string;
  formClassName?: string;
  /** The field that takes the focus on opening; without it, the first focusable element does. */
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
};

/** A dialog holding one form, with Cancel and the submit button in its footer (they stay in view while the form scrolls). */
export function FormDialog({
  open,
  onOpenChange,
  title,
  saving,
  submitLabel,
  submitVariant = 'primary',
  onSubmit,
  saveError,
  closeOnOutsideClick,
  dirty = false,
  onDiscard,
  restoredDraft = false,
  conflict = null,
  className,
  formClassName = 'space-y-4',
  initialFocus,
  children,
}: FormDialogProps) {
  const formId = useId();
  const { guard, confirmation } = useDiscardGuard(dirty);
  const requestClose = () => {
    if (saving) return;
    guard(() => {
      if (dirty) onDiscard?.();
      onOpenChange(false);
    });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : requestClose())}
      title={title}
      className={className}
      closeOnOutsideClick={closeOnOutsideClick}
      initialFocus={initialFocus}
      footer={
        <>
          <Button variant="secondary" onClick={requestClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant={submitVariant} form={formId} disabled={saving}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className={formClassName}>
        {saveError ? <Banner tone="error">{saveError}</Banner> : null}
        {conflict ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={conflict.onLoadSaved} disabled={saving}>
              Load the saved version
            </Button>
            <Button variant="danger" size="sm" onClick={conflict.onOverwrite} disabled={saving}>
              Overwrite with mine
            </Button>
          </div>
        ) : null}
        {restoredDraft ? <Banner tone="info">Your unsaved changes were restored.</Banner> : null}
        {children}
      </form>
      {confirmation}
    </Dialog>
  );
}
