import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { LiveEvent, Result } from '@promptgrid/contract';
import { queryKeys } from '@/lib/query-keys';
import { testQueryClient } from '@/testing/app-test-utils';
import { resultFixture } from '@/testing/fixtures';
import { liveReplies } from '../lib/live-replies';
import { useEvaluationEvents } from './use-evaluation-events';

/** Stands in for the browser's EventSource: the test sends the server's events by hand. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  readonly listeners = new Map<string, (message: MessageEvent<string>) => void>();
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (message: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
  }
  send(event: LiveEvent) {
    this.listeners.get(event.type)?.({ data: JSON.stringify(event) } as MessageEvent<string>);
  }
}

const text = (id: number, at: number, piece: string): LiveEvent => ({
  type: 'text',
  id,
  input: id,
  configuration: 5,
  at,
  text: piece,
});

describe('following a run live', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('puts streamed text into the live replies, never into the results cache, and stops for good on an error', () => {
    const client = testQueryClient();
    client.setQueryData<Result[]>(queryKeys.evaluationResults(9), [resultFixture(1, 1, 5, 'Saved.')]);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { rerender } = renderHook(({ running }) => useEvaluationEvents(9, running), {
      wrapper,
      initialProps: { running: true },
    });
    const source = FakeEventSource.last!;
    expect(source.url).toBe('/api/evaluations/9/events/');

    act(() => {
      source.send(text(2, 0, 'Hel'));
      source.send(text(2, 3, 'lo'));
      vi.advanceTimersByTime(150);
    });
    expect([...liveReplies.get(9)]).toEqual([[2, 'Hello']]);
    expect(client.getQueryData<Result[]>(queryKeys.evaluationResults(9))).toEqual([resultFixture(1, 1, 5, 'Saved.')]);

    act(() => {
      source.send({ type: 'reset', id: 2 });
      source.send(text(2, 0, 'Again'));
      vi.advanceTimersByTime(150);
    });
    expect(liveReplies.get(9).get(2)).toBe('Again');

    // A call that fails leaves no half answer behind.
    act(() => {
      source.send({
        type: 'finished',
        id: 2,
        status: 'FAILED',
        execution_time: 1,
        ttft: null,
        input_token_total_count: null,
        output_token_count: null,
        reasoning_tokens: null,
        error_message: 'No.',
      });
      vi.advanceTimersByTime(150);
    });
    expect(liveReplies.get(9).has(2)).toBe(false);

    act(() => source.onerror!());
    expect(source.closed).toBe(true);
    rerender({ running: false });
    expect(FakeEventSource.last).toBe(source);
  });

  it('opens nothing for a finished run', () => {
    FakeEventSource.last = null;
    const client = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    renderHook(() => useEvaluationEvents(9, false), { wrapper });
    expect(FakeEventSource.last).toBeNull();
  });
});
