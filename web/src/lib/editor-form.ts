import { useEffect, useState } from 'react';
import { useForm, useWatch, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { STORAGE_KEYS } from '@promptgrid/contract';
import { placeServerErrors } from './contract-form';

function readDraft<T>(key: string): T | null {
  try {
    const text = sessionStorage.getItem(key);
    return text === null ? null : (JSON.parse(text) as T);
  } catch {
    return null;
  }
}

function writeDraft(key: string, values: unknown) {
  try {
    sessionStorage.setItem(key, JSON.stringify(values));
  } catch {
    // Storage full or blocked: the form still works, only a reload loses the draft.
  }
}

function removeDraft(key: string) {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Storage blocked: there is nothing to remove.
  }
}

type DraftPlace = { projectId: string | number; dialog: string; open: boolean };

type SaveOptions<T extends FieldValues> = {
  /** Runs after a save that worked (the dialog closes). */
  onSaved: () => void;
  /** The banner of a failed save whose error is not a 400 with field messages. */
  failure: (error: unknown) => string;
  /** The form field a 400 body's key belongs to, or null for the banner. */
  fieldOf: (key: string) => Path<T> | null;
};

/**
 * An editor dialog's form (react-hook-form): checked by `resolver` on submit and again as each field changes after
 * that; its unsaved values survive a reload in session storage per project and dialog, and reopening the same dialog
 * brings them back. The dialogs mount anew at each opening, so the draft is read once, when the form mounts open.
 * `dialogProps` go to FormDialog as they are.
 */
export function useEditorForm<T extends FieldValues>(
  { projectId, dialog, open }: DraftPlace,
  saved: T,
  resolver: Resolver<T>,
) {
  const key = STORAGE_KEYS.draft(projectId, dialog);
  const savedText = JSON.stringify(saved);
  const [start] = useState(() => {
    const draft = open ? readDraft<T>(key) : null;
    const restored = draft !== null && JSON.stringify(draft) !== savedText;
    return { values: restored ? draft : saved, restored };
  });
  const form = useForm<T>({ defaultValues: start.values as DefaultValues<T>, resolver });
  const values = useWatch({ control: form.control });
  const [saveError, setSaveError] = useState<string | null>(null);

  const dirty = open && JSON.stringify(values) !== savedText;
  useEffect(() => {
    if (!open) return;
    if (dirty) writeDraft(key, values);
    else removeDraft(key);
  }, [open, dirty, key, values]);

  /**
   * The form's submit handler: a valid form runs `save`, then forgets the draft and calls `onSaved`. A refused save
   * puts the server's field messages on their fields and the rest in the banner, and keeps the draft.
   */
  const submitWith = (save: (values: T) => Promise<unknown>, { onSaved, failure, fieldOf }: SaveOptions<T>) =>
    form.handleSubmit(async (valid) => {
      setSaveError(null);
      try {
        await save(valid);
        removeDraft(key);
        onSaved();
      } catch (error) {
        const rest = placeServerErrors(error, form.setError, fieldOf);
        setSaveError(rest === undefined ? failure(error) : rest);
      }
    });

  return {
    form,
    values: values as T,
    submitWith,
    dialogProps: {
      saving: form.formState.isSubmitting,
      saveError,
      dirty,
      onDiscard: () => removeDraft(key),
      restoredDraft: open && start.restored,
    },
  };
}
