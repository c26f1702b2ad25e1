import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { STORAGE_KEYS } from '@promptgrid/contract';
import { ApiError, errorText } from './api-client';
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
  /** The form's values of the record a 409 answers with: the version saved elsewhere since the form's own. */
  valuesOfSaved?: (record: unknown) => T;
};

/** A 409 that carries the record as saved now (an update whose `updated_at` precondition failed). */
const savedElsewhere = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && typeof error.body === 'object' && error.body !== null
    ? (error.body as { current?: unknown }).current
    : undefined;

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
  const [conflict, setConflict] = useState<T | null>(null);
  const lastSubmit = useRef<(() => Promise<void>) | null>(null);

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
  const submitWith = (
    save: (values: T) => Promise<unknown>,
    { onSaved, failure, fieldOf, valuesOfSaved }: SaveOptions<T>,
  ) => {
    const submit = form.handleSubmit(async (valid) => {
      setSaveError(null);
      setConflict(null);
      try {
        await save(valid);
        removeDraft(key);
        onSaved();
      } catch (error) {
        const saved = savedElsewhere(error);
        if (saved !== undefined && valuesOfSaved) {
          // The typed values stay in the form (and its draft) until the user chooses what to keep.
          setConflict(valuesOfSaved(saved));
          setSaveError(errorText(error, failure(error)));
          return;
        }
        const rest = placeServerErrors(error, form.setError, fieldOf);
        setSaveError(rest === undefined ? failure(error) : rest);
      }
    });
    lastSubmit.current = () => submit();
    return submit;
  };

  const resolveConflict = conflict && {
    onLoadSaved: () => {
      form.reset(conflict);
      setConflict(null);
      setSaveError(null);
    },
    // Saves the typed values again, now over the version the user was shown.
    onOverwrite: () => {
      form.setValue('updated_at' as Path<T>, conflict['updated_at'] as T[Path<T>]);
      void lastSubmit.current?.();
    },
  };

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
      conflict: resolveConflict,
    },
  };
}
