import { STORAGE_KEYS } from '@promptgrid/contract';
import type { ResultsCache } from './types';

/** The last evaluation shown in a project, kept in browser storage (per user) so a reload shows it again. */
export function readResultsCache(
  userId: number,
  projectId: string | number,
  storage: Storage = localStorage,
): ResultsCache | null {
  try {
    const raw = storage.getItem(STORAGE_KEYS.resultsCache(userId, projectId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as ResultsCache;
    return parsed && parsed.version === 1 && typeof parsed.evaluationId === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Writes the cache; when the browser's quota is too small for every output, keeps the rest
 * (the outputs are then fetched again on the next visit).
 */
export function writeResultsCache(
  userId: number,
  projectId: string | number,
  cache: ResultsCache,
  storage: Storage = localStorage,
): boolean {
  const key = STORAGE_KEYS.resultsCache(userId, projectId);
  try {
    storage.setItem(key, JSON.stringify(cache));
    return true;
  } catch {
    try {
      storage.setItem(key, JSON.stringify({ ...cache, results: [] }));
    } catch {
      storage.removeItem(key);
    }
    return false;
  }
}

/** Forgets the cached evaluation of a project, e.g. once the server no longer has it (deleted: 404). */
export function dropResultsCache(userId: number, projectId: string | number, storage: Storage = localStorage) {
  storage.removeItem(STORAGE_KEYS.resultsCache(userId, projectId));
}
