import { useCallback, useState } from 'react';

export type ResultsLayout = 'cards' | 'matrix';
const storageKey = (projectId: string) => `promptgrid.results-layout.${projectId}`;

export function readLayout(projectId: string): ResultsLayout {
  try {
    return localStorage.getItem(storageKey(projectId)) === 'matrix' ? 'matrix' : 'cards';
  } catch {
    return 'cards';
  }
}

/** Cards or matrix, remembered per project in browser storage (cards, the spec's layout, by default). */
export function useResultsLayout(projectId: string) {
  const [layout, setLayout] = useState<ResultsLayout>(() => readLayout(projectId));
  const choose = useCallback(
    (next: ResultsLayout) => {
      setLayout(next);
      try {
        localStorage.setItem(storageKey(projectId), next);
      } catch {
        // Storage full or blocked: the choice lasts for this visit only.
      }
    },
    [projectId],
  );
  return [layout, choose] as const;
}
