import { useSyncExternalStore } from 'react';

/** A reply's text so far, by api request id. */
export type LiveTexts = ReadonlyMap<number, string>;

const NONE: LiveTexts = new Map();
const byEvaluation = new Map<number, LiveTexts>();
const listeners = new Set<() => void>();

/**
 * The replies still streaming in, kept beside the results rather than among them: the results cache (and the copy of
 * it kept in browser storage) only ever holds what the server saved, and a card shows the streamed text until its
 * saved result loads. A tiny external store: a module-level map and its listeners, read with useSyncExternalStore;
 * each write replaces an evaluation's map, so a reader re-renders only when its evaluation's texts change.
 */
export const liveReplies = {
  get: (evaluationId: number): LiveTexts => byEvaluation.get(evaluationId) ?? NONE,
  set(evaluationId: number, texts: LiveTexts) {
    byEvaluation.set(evaluationId, texts);
    for (const listener of listeners) listener();
  },
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/** The replies streaming in for one evaluation (an empty map for none). */
export function useLiveReplies(evaluationId: number | null): LiveTexts {
  const read = () => (evaluationId === null ? NONE : liveReplies.get(evaluationId));
  return useSyncExternalStore(liveReplies.subscribe, read, read);
}
