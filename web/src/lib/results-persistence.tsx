import { useEffect, useMemo, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { PersistQueryClientProvider, removeOldestQuery } from '@tanstack/react-query-persist-client';
import { STORAGE_KEYS } from '@promptgrid/contract';

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
// Typed by shape: the persister brings its own copy of TanStack Query's core, whose Query type is another class.
/**
 * localStorage for one user's session: once it is closed (sign-out, another user) a save the persister had scheduled
 * (writes wait WRITE_EVERY_MS) is dropped rather than writing the key again after sign-out removed it.
 */
function sessionStorageOf(key: string) {
  let open = true;
  const storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
    getItem: (name) => localStorage.getItem(name),
    setItem: (name, value) => {
      if (open && name === key) localStorage.setItem(name, value);
    },
    removeItem: (name) => localStorage.removeItem(name),
  };
  return { storage, close: () => void (open = false) };
}

const isPersistedRunPart = (query: { queryKey: readonly unknown[]; state: { status: string } }) =>
  query.queryKey[0] === 'evaluations' &&
  typeof query.queryKey[2] === 'string' &&
  PERSISTED_PARTS.has(query.queryKey[2]) &&
  query.state.status === 'success';

/**
 * Keeps the signed-in user's runs on the Results screen (record, progress, results) in browser storage under a key of
 * their own, so a reload shows them at once while the server is asked again; nothing else of the query cache is
 * written. Queries wait until the copy is read back. Sign-out removes the key (clearAppStorage) and empties the cache;
 * another user's sign-in on this browser removes every key but theirs. When the browser's quota is full, the oldest
 * queries are left out.
 */
export function ResultsPersistence({ userId, children }: { userId: number | null; children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useMemo(() => {
    if (userId === null) return null;
    const key = STORAGE_KEYS.resultsCache(userId);
    const { storage, close } = sessionStorageOf(key);
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
