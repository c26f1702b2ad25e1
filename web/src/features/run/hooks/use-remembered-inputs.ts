import { useState } from 'react';
import { STORAGE_KEYS } from '@promptgrid/contract';

// Under the app's prefix, so signing out clears it with the rest of the user's data.
const storageKey = (projectId: string) => `${STORAGE_KEYS.appPrefix}run-inputs.${projectId}`;

function read(projectId: string): Set<number> | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(projectId)) ?? 'null');
    return Array.isArray(stored) ? new Set(stored.filter((id): id is number => Number.isInteger(id))) : null;
  } catch {
    return null;
  }
}

/**
 * The user prompts chosen for the project's runs, remembered in browser storage: the next visit starts from the same
 * choice. Null until the user chooses (then every active one is selected).
 */
export function useRememberedInputs(projectId: string) {
  const [chosen, setChosen] = useState<Set<number> | null>(() => read(projectId));
  const choose = (next: Set<number>) => {
    setChosen(next);
    try {
      localStorage.setItem(storageKey(projectId), JSON.stringify([...next]));
    } catch {
      // Storage full or blocked: the choice lasts for this visit only.
    }
  };
  return [chosen, choose] as const;
}
