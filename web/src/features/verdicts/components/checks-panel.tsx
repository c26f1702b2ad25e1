import { useId, useState } from 'react';
import type { Check, Configuration, Input } from '@promptgrid/contract';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { DeleteConfirmDialog } from '@/components/ui/delete-confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { useDiscardGuard } from '@/components/ui/discard-guard';
import { PlusIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { useAiModels } from '@/lib/api/get-ai-models';
import { useDeleteCheck } from '../api/delete-check';
import { useChecks } from '../api/get-checks';
import { useSaveCheck } from '../api/save-check';
import { CheckEditor } from './check-editor';
import { CheckList } from './check-list';
import type { PreviewRun } from './check-preview';
import { RescoreOffer } from './rescore-offer';

export type ChecksRun = PreviewRun & { reloadRequests: () => Promise<void> };

type Props = {
  projectId: string;
  inputs: Input[];
  configurations: Configuration[];
  /** The run on screen: previews read its outputs and a rescore applies to it. null before the first run. */
  run: ChecksRun | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** The project's checks: list, create, edit, switch on and off, delete, then re-score the run on screen. */
export function ChecksPanel({ projectId, inputs, configurations, run, open, onOpenChange }: Props) {
  const checks = useChecks(projectId);
  const models = useAiModels({ enabled: open });
  const save = useSaveCheck(projectId);
  const remove = useDeleteCheck(projectId);
  // undefined: the list; null: a new check; a check: that check's form.
  const [editing, setEditing] = useState<Check | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Check | null>(null);
  const [changed, setChanged] = useState<string | null>(null);
  const [toggleError, setToggleError] = useState<string | null>(null);
  const formId = useId();
  const [saving, setSaving] = useState(false);
  const [editorDirty, setEditorDirty] = useState(false);
  // Escape, the close button and Cancel ask before a half-written check is thrown away.
  const { guard, confirmation } = useDiscardGuard(editing !== undefined && editorDirty);
  const closeEditor = () => guard(() => setEditing(undefined));

  const toggle = (check: Check) => {
    setToggleError(null);
    const { name, type, value, ai_model_id, input_ids, configuration_ids } = check;
    save.mutate(
      {
        id: check.id,
        data: { name, type, value, ai_model_id, input_ids, configuration_ids, is_active: !check.is_active },
      },
      {
        onSuccess: (saved) => setChanged(`“${saved.name}” is ${saved.is_active ? 'on' : 'off'}.`),
        onError: () => setToggleError(`Failed to switch “${check.name}”.`),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) onOpenChange(true);
        else if (!saving)
          guard(() => {
            onOpenChange(false);
            setEditing(undefined);
          });
      }}
      title="Checks"
      description="Rules and judge rubrics that score every output of this project's runs."
      className="sm:max-w-2xl"
      // A half-written check is not lost to a stray click.
      closeOnOutsideClick={editing === undefined}
      footer={
        editing === undefined ? undefined : (
          <>
            <Button variant="secondary" onClick={closeEditor} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" form={formId} disabled={saving}>
              {editing ? 'Save check' : 'Create check'}
            </Button>
          </>
        )
      }
    >
      {editing !== undefined ? (
        <CheckEditor
          key={editing?.id ?? 'new'}
          projectId={projectId}
          check={editing}
          inputs={inputs}
          configurations={configurations}
          models={models.data}
          modelsError={models.isError}
          run={run}
          formId={formId}
          onSavingChange={setSaving}
          onDirtyChange={setEditorDirty}
          onSaved={(saved) => {
            setEditing(undefined);
            setChanged(`“${saved.name}” is saved.`);
          }}
        />
      ) : (
        <div className="space-y-3 pb-2">
          {changed && run ? (
            <RescoreOffer
              key={changed}
              evaluationId={run.evaluationId}
              reloadRequests={run.reloadRequests}
              message={`${changed} Re-score this run to apply the checks to its outputs.`}
            />
          ) : changed ? (
            <Banner tone="success">{`${changed} Your next run is scored with it.`}</Banner>
          ) : null}
          {toggleError ? <Banner>{toggleError}</Banner> : null}
          {checks.isPending ? (
            <Spinner label="Loading checks" />
          ) : checks.isError ? (
            <Banner>Failed to load checks.</Banner>
          ) : checks.data.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              No checks yet. A check scores every output: a text it must contain, a pattern, valid JSON, a length limit,
              or a judge model&apos;s verdict on a rubric.
            </p>
          ) : (
            <CheckList
              checks={checks.data}
              models={models.data}
              busyId={save.isPending ? (save.variables?.id ?? null) : null}
              onEdit={setEditing}
              onToggle={toggle}
              onDelete={setDeleting}
            />
          )}
          <Button onClick={() => setEditing(null)}>
            <PlusIcon className="size-4" />
            New check
          </Button>
        </div>
      )}
      {confirmation}
      <DeleteConfirmDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        title="Delete this check?"
        message={deleting ? `“${deleting.name}” and its scores on every run of this project will be deleted.` : ''}
        failedMessage="Failed to delete the check."
        onDelete={async (check) => {
          await remove.mutateAsync(check.id);
          setChanged(`“${check.name}” is deleted.`);
        }}
      />
    </Dialog>
  );
}
