import { useEffect, useMemo, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { PersistQueryClientProvider, removeOldestQuery } from '@tanstack/react-query-persist-client';
import { STORAGE_KEYS } from '@promptgrid/contract';
import { readStoredUser } from './auth';

/**
 * A copy older than this is not restored. What is written is what the query cache holds: the run on screen, and runs
 * seen in the last few minutes (unobserved queries leave the cache after its gcTime, 5 minutes, and so leave storage).
 */
export const RESULTS_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/**
 * Writes wait this long and take the latest state (the library's default is a second): the run on screen changes at
 * most once per poll and per reply saved, and a reload soon after a run ends should find it written.
 */
const WRITE_EVERY_MS = 200;

/** The queries of a run that a reload shows at once from storage: its record, progress, results and selections. */
const PERSISTED_PARTS = new Set(['record', 'progress', 'results', 'selections']);
/**
 * A run's requests or results beyond this many stay out of storage. Browsers give a site about five million characters
 * of localStorage, and in JSON a request takes about 900 and a result about 500: a copy of a 10,000-cell run cannot be
 * written, and trying serialized it again on every change of the cache (then once more for each query the retry left
 * out), close to a second of the main thread while its grid loaded.
 */
export const PERSISTED_ROWS_MAX = 2_000;

/** The rows a run's query holds: its results (a list), or its progress's requests. */
const rowsOf = (data: unknown) =>
  Array.isArray(data)
    ? data.length
    : typeof data === 'object' && data !== null && 'requests' in data && Array.isArray(data.requests)
      ? data.requests.length
      : 0;
// Typed by shape: the persister brings its own copy of TanStack Query's core, whose Query type is another class.
/**
 * localStorage for one user's session: once it is closed (sign-out, another user) a save the persister had scheduled
 * (writes wait WRITE_EVERY_MS) is dropped rather than writing the key again after sign-out removed it. It is closed
 * when React runs the provider's cleanup, after the render that follows the sign-out; a save whose timer fires before
 * that (sign-out awaits a navigation, and emptying the query cache schedules one) is dropped too: sign-out removes the
 * stored user first, synchronously, so a save is written only while this user is the one stored.
 */
function sessionStorageOf(key: string, userId: number) {
  let open = true;
  const storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
    getItem: (name) => localStorage.getItem(name),
    setItem: (name, value) => {
      if (open && name === key && readStoredUser()?.id === userId) localStorage.setItem(name, value);
    },
    removeItem: (name) => localStorage.removeItem(name),
  };
  return { storage, close: () => void (open = false) };
}

const isPersistedRunPart = (query: { queryKey: readonly unknown[]; state: { status: string; data: unknown } }) =>
  query.queryKey[0] === 'evaluations' &&
  typeof query.queryKey[2] === 'string' &&
  PERSISTED_PARTS.has(query.queryKey[2]) &&
  query.state.status === 'success' &&
  rowsOf(query.state.data) <= PERSISTED_ROWS_MAX;

/**
 * Keeps the signed-in user's runs on the Results screen (record, progress, results) in browser storage under a key of
 * their own, so a reload shows them at once while the server is asked again; nothing else of the query cache is
 * written. Queries wait until the copy is read back. Sign-out removes the key (clearAppStorage) and empties the cache;
 * another user's sign-in on this browser removes every key but theirs. A run too large for the browser's quota is not
 * written (PERSISTED_ROWS_MAX); when the quota is full all the same, the oldest queries are left out.
 */
export function ResultsPersistence({ userId, children }: { userId: number | null; children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useMemo(() => {
    if (userId === null) return null;
    const key = STORAGE_KEYS.resultsCache(userId);
    const { storage, close } = sessionStorageOf(key, userId);
    const persister = createSyncStoragePersister({
      storage: storage,
      key,
      throttleTime: WRITE_EVERY_MS,
      retry: removeOldestQuery,
    });
    const options = {
      persister,
      maxAge: RESULTS_MAX_AGE_MS,
      dehydrateOptions: { shouldDehydrateQuery: isPersistedRunPart },
    };
    return { options, close };
  }, [userId]);
  useEffect(() => session?.close, [session]);
  if (session === null) return children;
  return (
    // Keyed by user: the provider reads its options once, so another user needs a provider of their own.
    <PersistQueryClientProvider key={userId} client={queryClient} persistOptions={session.options}>
      {children}
    </PersistQueryClientProvider>
  );
}
