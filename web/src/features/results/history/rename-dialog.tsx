import { useRef, useState, type FormEvent } from 'react';
import { LIMITS } from '@promptgrid/contract';
import { openingKey } from '@/components/ui/dialog';
import { FormDialog } from '@/components/ui/form-dialog';
import { Field, TextInput } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import { clearFixedError, requiredError } from '@/lib/field-errors';
import { useRenameEvaluation } from '../api/rename-evaluation';

const NAME_REQUIRED = 'Name is required.';

type RenameDialogProps = {
  projectId: string;
  /** The run to rename; the dialog is closed without one. */
  evaluation: { id: number; name: string } | null;
  onClose: () => void;
};

/** 'Rename evaluation': one Name field, checked here and by the server (its field message shows under it). */
export function RenameDialog(props: RenameDialogProps) {
  return <RenameForm key={openingKey(props.evaluation !== null, props.evaluation?.id)} {...props} />;
}

function RenameForm({ projectId, evaluation, onClose }: RenameDialogProps) {
  const field = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(evaluation?.name ?? '');
  const [errors, setErrors] = useState<{ name?: string }>({});
  const rename = useRenameEvaluation(projectId);
  const serverError = rename.error instanceof ApiError ? rename.error.body : null;
  const serverNameError =
    serverError && typeof serverError === 'object' && 'name' in serverError
      ? [serverError.name].flat().join(' ')
      : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const error = requiredError(name, NAME_REQUIRED);
    setErrors({ name: error });
    if (error || !evaluation) return;
    try {
      await rename.mutateAsync({ id: evaluation.id, name: name.trim() });
      onClose();
    } catch {
      // Shown below from the mutation's error state.
    }
  };

  return (
    // Typing in the name is asked about before Escape, Cancel or a click outside throws it away.
    <FormDialog
      open={evaluation !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Rename evaluation"
      initialFocus={field}
      saving={rename.isPending}
      submitLabel={rename.isPending ? 'Saving...' : 'Save'}
      onSubmit={(event) => void submit(event)}
      saveError={rename.isError && !serverNameError ? 'Failed to rename evaluation' : null}
      dirty={name !== (evaluation?.name ?? '')}
    >
      <Field label="Name" required error={errors.name ?? serverNameError}>
        {(props) => (
          <TextInput
            {...props}
            ref={field}
            value={name}
            maxLength={LIMITS.nameMaxLength}
            autoComplete="off"
            aria-required
            onChange={(event) => {
              setName(event.target.value);
              setErrors((current) =>
                clearFixedError(current, 'name', requiredError(event.target.value, NAME_REQUIRED)),
              );
              if (rename.isError) rename.reset();
            }}
          />
        )}
      </Field>
    </FormDialog>
  );
}
