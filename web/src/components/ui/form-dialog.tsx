import { useId, type FormEvent, type ReactNode } from 'react';
import { Banner } from './banner';
import { Button } from './button';
import { Dialog } from './dialog';

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
  className?: string;
  formClassName?: string;
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
  className,
  formClassName = 'space-y-4',
  children,
}: FormDialogProps) {
  const formId = useId();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !saving && onOpenChange(next)}
      title={title}
      className={className}
      closeOnOutsideClick={closeOnOutsideClick}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={saving}>
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
        {children}
      </form>
    </Dialog>
  );
}
