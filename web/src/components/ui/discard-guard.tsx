import { useEffect, useEffectEvent, useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Asks 'Discard your changes?' before an action that would throw away typing (closing a dialog, leaving a form):
 * `guard(action)` runs the action at once when nothing is typed, else after the user chooses Discard; Keep editing
 * leaves everything as it was. Render `confirmation` inside the dialog it guards, so it stacks above it.
 */
export function useDiscardGuard(dirty: boolean) {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const guard = (action: () => void) => {
    if (dirty) setPending(() => action);
    else action();
  };
  const confirmation = (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => !open && setPending(null)}
      title="Discard your changes?"
      message="What you changed in this form is not saved yet."
      confirmLabel="Discard"
      cancelLabel="Keep editing"
      destructive
      onConfirm={() => {
        setPending(null);
        pending?.();
      }}
    />
  );
  return { guard, confirmation };
}

/**
 * Tells a parent whether a form nested in it holds typing, while it is mounted: a form that goes away (saved,
 * cancelled) reports itself clean, so the parent's guard does not ask about a form no longer on screen.
 */
export function useReportDirty(dirty: boolean, onDirtyChange: ((dirty: boolean) => void) | undefined) {
  const report = useEffectEvent((next: boolean) => onDirtyChange?.(next));
  useEffect(() => {
    report(dirty);
    return () => report(false);
  }, [dirty]);
}

/**
 * For a dialog holding several forms (one per provider, say): which of them hold typing. `reportFor(part)` is the
 * `onDirtyChange` of the form called `part`; `dirty` is whether any does.
 */
export function useDirtyParts() {
  const [dirtyParts, setDirtyParts] = useState<ReadonlySet<string>>(new Set());
  const reportFor = (part: string) => (dirty: boolean) =>
    setDirtyParts((current) => {
      if (current.has(part) === dirty) return current;
      const next = new Set(current);
      if (dirty) next.add(part);
      else next.delete(part);
      return next;
    });
  return { dirty: dirtyParts.size > 0, reportFor };
}
