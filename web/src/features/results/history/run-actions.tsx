import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { HistoryDialog } from './history-dialog';
import { RenameDialog } from './rename-dialog';

/** The results header's History and Rename buttons, with their dialogs. */
export function RunActions({ projectId, run }: { projectId: string; run: { id: number; name: string } | null }) {
  const [historyOpen, setHistoryOpen] = useState(false);
  const [renaming, setRenaming] = useState<{ id: number; name: string } | null>(null);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setHistoryOpen(true)}>
        History
      </Button>
      {run ? (
        <Button variant="secondary" size="sm" onClick={() => setRenaming(run)}>
          Rename
        </Button>
      ) : null}
      <HistoryDialog
        projectId={projectId}
        open={historyOpen}
        onOpenChange={setHistoryOpen}
        currentId={run?.id ?? null}
        onRename={setRenaming}
      />
      <RenameDialog projectId={projectId} evaluation={renaming} onClose={() => setRenaming(null)} />
    </>
  );
}
