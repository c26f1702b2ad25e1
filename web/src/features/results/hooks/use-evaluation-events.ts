import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LIVE_EVENT_TYPES, LiveEvent, ROUTES } from '@promptgrid/contract';
import { queryKeys } from '@/lib/query-keys';
import { liveReplies } from '../lib/live-replies';
import { appendPiece } from '../lib/merge-requests';

/** Streamed text reaches the screen at most this often: one render per frame or so, not one per token. */
const APPLY_MS = 100;
/** After a request ends, the progress poll runs this soon (rather than up to 5 s later), at most this often. */
const PROGRESS_REFRESH_MS = 1_000;

/**
 * Follows a running evaluation's live events (GET /api/evaluations/{id}/events/) and puts replies into the live replies
 * store as they stream in, so cards and cells fill token by token. The 5 s polling keeps running beside it and stays
 * the source of statuses and figures: when the stream breaks, or the browser has no EventSource, it is closed for
 * good and the polling alone carries on.
 */
export function useEvaluationEvents(evaluationId: number | null, running: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (evaluationId === null || !running || typeof EventSource === 'undefined') return;
    const source = new EventSource(ROUTES.evaluationEvents(evaluationId));
    const texts = new Map<number, string>();
    let applyTimer: ReturnType<typeof setTimeout> | null = null;
    let progressTimer: ReturnType<typeof setTimeout> | null = null;

    const apply = () => {
      applyTimer = null;
      liveReplies.set(evaluationId, new Map(texts));
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
        const text = appendPiece(texts.get(event.id) ?? '', event.at, event.text);
        if (text === null) return;
        texts.set(event.id, text);
      } else if (event.type === 'reset') {
        if (texts.has(event.id)) texts.set(event.id, '');
      } else if (event.type === 'finished') {
        // A failed call's partial text is not an answer: the card shows the error.
        if (event.status === 'FAILED') texts.delete(event.id);
        refreshProgress();
      } else {
        source.close();
        void queryClient.invalidateQueries({ queryKey: queryKeys.evaluationProgress(evaluationId) });
      }
      scheduleApply();
    };
    for (const type of LIVE_EVENT_TYPES) source.addEventListener(type, receive);
    // A broken stream is not reopened: the polling carries on alone.
    source.onerror = () => source.close();
    return () => {
      source.close();
      if (applyTimer) {
        clearTimeout(applyTimer);
        apply();
      }
      if (progressTimer) clearTimeout(progressTimer);
    };
  }, [evaluationId, running, queryClient]);
}
