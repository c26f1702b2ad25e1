import { useEffect, useRef, useState } from 'react';
import type { BulkInputsInput } from '@promptgrid/contract';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { cn } from '@/lib/cn';

type Props = {
  total: number;
  selected: number;
  onSelectAll: (all: boolean) => void;
  onAction: (action: BulkInputsInput['action']) => Promise<unknown>;
  busy: boolean;
};

/** Select all, and archive, restore or delete the selected user prompts (delete asks first). */
export function BulkBar({ total, selected, onSelectAll, onAction, busy }: Props) {
  const selectAll = useRef<HTMLInputElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = selected > 0 && selected < total;
  }, [selected, total]);
  const none = selected === 0 || busy;
  return (
    <div
      role="toolbar"
      aria-label="Selected user prompts"
      className={cn(
        'flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2',
        'text-sm dark:border-slate-800 dark:bg-slate-900',
      )}
    >
      <label className="flex cursor-pointer items-center gap-2">
        <input
          ref={selectAll}
          type="checkbox"
          checked={total > 0 && selected === total}
          onChange={(event) => onSelectAll(event.target.checked)}
          className="size-4 accent-blue-600"
        />
        Select all
      </label>
      <span
        aria-live="polite"
        className="text-slate-600 dark:text-slate-400"
      >{`${selected} of ${total} selected`}</span>
      <div className="ml-auto flex gap-2">
        <Button size="sm" variant="secondary" disabled={none} onClick={() => void onAction('archive')}>
          Archive
        </Button>
        <Button size="sm" variant="secondary" disabled={none} onClick={() => void onAction('restore')}>
          Restore
        </Button>
        <Button
          size="sm"
          variant="danger"
          disabled={none}
          onClick={() => {
            setDeleteError(null);
            setConfirming(true);
          }}
        >
          Delete
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete user prompts"
        message={`Are you sure you want to delete ${selected} user prompt${selected === 1 ? '' : 's'}? This cannot be undone.`}
        confirmLabel="Delete"
        destructive
        busy={busy}
        error={deleteError}
        onConfirm={() =>
          void onAction('delete').then(
            () => setConfirming(false),
            () => setDeleteError('Failed to delete input'),
          )
        }
      />
    </div>
  );
}
