import { useCallback, useState } from 'react';
import { STORAGE_KEYS } from '@promptgrid/contract';

export type ResultsLayout = 'cards' | 'matrix';

/** From this many inputs a run opens in the matrix: cards show one input at a time, too slow to read through. */
export const MATRIX_FROM_INPUTS = 10;

// Under the app's prefix, so signing out clears it with the rest of the user's data.
const storageKey = (projectId: string) => `${STORAGE_KEYS.appPrefix}results-layout.${projectId}`;

function storedLayout(projectId: string): ResultsLayout | null {
  try {
    const stored = localStorage.getItem(storageKey(projectId));
    return stored === 'matrix' || stored === 'cards' ? stored : null;
  } catch {
    return null;
  }
}

const defaultLayout = (inputCount: number): ResultsLayout => (inputCount >= MATRIX_FROM_INPUTS ? 'matrix' : 'cards');

/** The layout a run of `inputCount` inputs opens in: the user's choice for the project, else by its size. */
export function readLayout(projectId: string, inputCount: number): ResultsLayout {
  return storedLayout(projectId) ?? defaultLayout(inputCount);
}

/**
 * Cards or matrix: the user's choice, remembered per project in browser storage; until they choose, cards (the spec's
 * layout) for a small run and the matrix from MATRIX_FROM_INPUTS inputs on.
 */
export function useResultsLayout(projectId: string, inputCount: number) {
  const [chosen, setChosen] = useState<ResultsLayout | null>(() => storedLayout(projectId));
  const choose = useCallback(
    (next: ResultsLayout) => {
      setChosen(next);
      try {
        localStorage.setItem(storageKey(projectId), next);
      } catch {
        // Storage full or blocked: the choice lasts for this visit only.
      }
    },
    [projectId],
  );
  return [chosen ?? defaultLayout(inputCount), choose] as const;
}
