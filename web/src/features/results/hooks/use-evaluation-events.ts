import { useEffect } from 'react';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { LIVE_EVENT_TYPES, LiveEvent, ROUTES, type LiveFinishedEvent, type Result } from '@promptgrid/contract';
import { queryKeys } from '@/lib/query-keys';
import { appendPiece, mergeLiveText, type LiveText } from '../lib/merge-requests';

/** Streamed text reaches the cache at most this often: one render per frame or so, not one per token. */
const APPLY_MS = 100;
/** After a request ends, the progress poll runs this soon (rather than up to 5 s later), at most this often. */
const PROGRESS_REFRESH_MS = 1_000;

/**
 * Follows a running evaluation's live events (GET /api/evaluations/{id}/events/) and puts replies into the results
 * cache as they stream in, so cards and cells fill token by token. The 5 s polling keeps running beside it and stays
 * the source of statuses and figures: when the stream breaks, or the browser has no EventSource, it is closed for
 * good and the polling alone carries on.
 */
export function useEvaluationEvents(evaluationId: number | null, running: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (evaluationId === null || !running || typeof EventSource === 'undefined') return;
    const source = new EventSource(ROUTES.evaluationEvents(evaluationId));
    const texts = new Map<number, LiveText>();
    const finished = new Map<number, LiveFinishedEvent>();
    const resultsKey = queryKeys.evaluationResults(evaluationId);
    let applyTimer: ReturnType<typeof setTimeout> | null = null;
    let progressTimer: ReturnType<typeof setTimeout> | null = null;

    const apply = () => {
      applyTimer = null;
      queryClient.setQueryData<Result[]>(resultsKey, (results) =>
        mergeLiveText(results ?? [], texts.values(), evaluationId, finished),
      );
    };
    const scheduleApply = () => (applyTimer ??= setTimeout(apply, APPLY_MS));
    const refreshProgress = () =>
      (progressTimer ??= setTimeout(() => {
        progressTimer = null;
        void queryClient.invalidateQueries({ queryKey: queryKeys.evaluationProgress(evaluationId) });
      }, PROGRESS_REFRESH_MS));

    const receive = (message: MessageEvent<string>) => {
      const parsed = LiveEvent.safeParse(JSON.parse(message.data));
      if (!parsed.success) return;
      const event = parsed.data;
      if (event.type === 'text') {
        const current = texts.get(event.id);
        const text = appendPiece(current?.text ?? '', event.at, event.text);
        if (text === null) return;
        texts.set(event.id, { id: event.id, input: event.input, configuration: event.configuration, text });
      } else if (event.type === 'reset') {
        const current = texts.get(event.id);
        if (current) texts.set(event.id, { ...current, text: '' });
      } else if (event.type === 'finished') {
        finished.set(event.id, event);
        refreshProgress();
      } else {
        source.close();
        void queryClient.invalidateQueries({ queryKey: queryKeys.evaluationProgress(evaluationId) });
      }
      scheduleApply();
    };
    for (const type of LIVE_EVENT_TYPES) source.addEventListener(type, receive);
    // A results load replaces the list: the replies still streaming go back in (writes of our own are `manual`).
    const unsubscribeCache = queryClient.getQueryCache().subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.action.type === 'success' &&
        !event.action.manual &&
        event.query.queryHash === hashKey(resultsKey) &&
        texts.size > 0
      )
        scheduleApply();
    });
    // A broken stream is not reopened: the polling carries on alone.
    source.onerror = () => source.close();
    return () => {
      unsubscribeCache();
      source.close();
      if (applyTimer) clearTimeout(applyTimer);
      if (progressTimer) clearTimeout(progressTimer);
    };
  }, [evaluationId, running, queryClient]);
}
