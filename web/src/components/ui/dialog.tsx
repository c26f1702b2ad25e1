import type { ReactNode, RefObject } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { cn } from '@/lib/cn';
import { XIcon } from './icons';

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons, right-aligned under the content. */
  footer?: ReactNode;
  className?: string;
  /** Dialogs holding long unsaved text stay open on an outside click, so a stray click loses nothing. */
  closeOnOutsideClick?: boolean;
  /** The control that takes the focus on opening; without it, the first focusable element does. */
  initialFocus?: RefObject<HTMLElement | null>;
};

/**
 * A key for a dialog that holds a form: each opening, and each item it opens on, starts a fresh form filled from
 * the item, instead of effects that copy the item into the form's state after the first render.
 */
export const openingKey = (open: boolean, itemId?: number | string | null) =>
  open ? `open:${itemId ?? 'new'}` : 'closed';

/** An accessible modal dialog with a title (Radix). */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  className,
  closeOnOutsideClick = true,
  initialFocus,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50 backdrop-blur-[2px] data-[state=open]:animate-[fade-in_200ms]" />
        <RadixDialog.Content
          onPointerDownOutside={closeOnOutsideClick ? undefined : (event) => event.preventDefault()}
          onOpenAutoFocus={
            initialFocus
              ? (event) => {
                  event.preventDefault();
                  initialFocus.current?.focus();
                }
              : undefined
          }
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn(
            // A column: the title and the footer stay in view, only the body scrolls (long editors keep Save reachable).
            'fixed top-1/2 left-1/2 z-50 flex max-h-[90dvh] w-[calc(100vw-2rem)] max-w-lg',
            '-translate-x-1/2 -translate-y-1/2 flex-col rounded-xl border border-slate-200 bg-white',
            'shadow-2xl data-[state=open]:animate-[dialog-in_200ms_ease-out] dark:border-slate-800',
            'dark:bg-slate-900',
            className,
          )}
        >
          <div className="px-6 pt-6">
            <RadixDialog.Title className="pr-8 text-lg font-semibold tracking-tight">{title}</RadixDialog.Title>
            {description ? (
              <RadixDialog.Description className="mt-2 text-sm text-slate-600 dark:text-slate-300">
                {description}
              </RadixDialog.Description>
            ) : null}
          </div>
          <RadixDialog.Close
            aria-label="Close"
            className={cn(
              'absolute top-4 right-4 inline-flex size-8 items-center justify-center rounded-md',
              'text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400',
              'dark:hover:bg-slate-800 dark:hover:text-slate-100',
            )}
          >
            <XIcon className="size-4" />
          </RadixDialog.Close>
          {children ? <div className="mt-4 min-h-0 flex-1 overflow-y-auto px-6 pb-1">{children}</div> : null}
          {footer ? (
            <div className="mt-4 flex flex-wrap justify-end gap-2 border-t border-slate-200 px-6 py-4 dark:border-slate-800">
              {footer}
            </div>
          ) : (
            <div className="pb-6" />
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
