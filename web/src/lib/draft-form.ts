import { useEffect, useState } from 'react';
import { STORAGE_KEYS } from '@promptgrid/contract';

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

const removeDraft = (key: string) => {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Storage blocked: there is nothing to remove.
  }
};

/**
 * An editor form whose unsaved values survive a reload: while it differs from what is saved, its values are kept in
 * session storage per project and dialog, and reopening the same dialog brings them back. `discard` forgets them
 * (after a save, or when the user discards their changes).
 */
export function useDraftForm<T extends object>(
  { projectId, dialog, open }: { projectId: string | number; dialog: string; open: boolean },
  saved: T,
) {
  const key = STORAGE_KEYS.draft(projectId, dialog);
  const savedText = JSON.stringify(saved);
  // Which opening of which dialog the values belong to: a new one loads the draft, or else the saved values, once;
  // later changes to the saved values must not overwrite typing.
  const session = open ? key : null;
  const [state, setState] = useState<{ session: string | null; opening: number; values: T; restored: boolean }>({
    session: null,
    opening: 0,
    values: saved,
    restored: false,
  });
  if (state.session !== session) {
    const draft = session === null ? null : readDraft<T>(session);
    const restored = draft !== null && JSON.stringify(draft) !== savedText;
    setState({ session, opening: state.opening + 1, values: restored ? draft : saved, restored });
  }

  const ready = session !== null && state.session === session;
  const dirty = ready && JSON.stringify(state.values) !== savedText;
  useEffect(() => {
    if (!ready) return;
    if (dirty) writeDraft(key, state.values);
    else removeDraft(key);
  }, [ready, dirty, key, state.values]);

  return {
    values: state.values,
    update: (changes: Partial<T>) => setState((current) => ({ ...current, values: { ...current.values, ...changes } })),
    /** Changes with each opening (and closing) of the dialog: what other per-opening state is reset by. */
    opening: state.opening,
    /** The form differs from what is saved. */
    dirty,
    /** The values came back from an earlier, unsaved session of this dialog. */
    restored: ready && state.restored,
    discard: () => removeDraft(key),
  };
}
