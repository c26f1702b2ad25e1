import { useState } from 'react';
import { useDraftForm } from './draft-form';
import { clearFixedError } from './field-errors';

type FieldErrors = Partial<Record<string, string | undefined>>;

/**
 * An editor dialog's form: a draft that survives a reload (useDraftForm), its field errors, and the save with its
 * spinner and failure banner. `dialogProps` go to FormDialog as they are.
 */
export function useEditorForm<T extends object, E extends FieldErrors>(
  draft: Parameters<typeof useDraftForm>[0],
  saved: T,
) {
  const form = useDraftForm(draft, saved);
  const [errors, setErrors] = useState<E>({} as E);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  /** Sets values; with `field`, also clears that field's error once `stillInvalid` is empty. */
  const edit = (changes: Partial<T>, field?: keyof E, stillInvalid?: string | null) => {
    form.update(changes);
    if (field !== undefined) setErrors((current) => clearFixedError(current, field, stillInvalid));
  };

  /**
   * Shows `found`; without errors runs `save`, then forgets the draft and calls `onSaved` (the dialog closes). A failed
   * save shows `failure(error)` above the fields and keeps the draft.
   */
  const submit = async (
    found: E,
    save: () => Promise<unknown>,
    { onSaved, failure }: { onSaved: () => void; failure: (error: unknown) => string },
  ) => {
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setSaving(true);
    setSaveError(null);
    try {
      await save();
      form.discard();
      onSaved();
    } catch (error) {
      setSaveError(failure(error));
    } finally {
      setSaving(false);
    }
  };

  return {
    ...form,
    errors,
    setErrors,
    edit,
    submit,
    dialogProps: { saving, saveError, dirty: form.dirty, onDiscard: form.discard, restoredDraft: form.restored },
  };
}
