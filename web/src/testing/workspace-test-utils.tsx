import type { ReactElement, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';

// jsdom has no layout; CodeMirror measures text ranges, so give it empty rectangles.
if (typeof Range !== 'undefined' && !Range.prototype.getClientRects) {
  const empty = () => ({ x: 0, y: 0, width: 0, height: 0, top: 0, right: 0, bottom: 0, left: 0, toJSON: () => ({}) });
  Range.prototype.getBoundingClientRect = empty as () => DOMRect;
  Range.prototype.getClientRects = (() => Object.assign([], { item: () => null })) as unknown as () => DOMRectList;
}

if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

/** Renders with a fresh QueryClient (no retries) inside a memory router. */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return { queryClient, ...render(ui, { wrapper }) };
}

type Handler = (url: string, init: RequestInit | undefined) => { status?: number; body?: unknown } | undefined;

/** Stubs fetch: each call goes to `handler`; JSON answers, 404 for unhandled URLs. Returns the mock to inspect calls. */
export function mockFetch(handler: Handler) {
  document.cookie = 'csrftoken=test-token; path=/';
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const answer = handler(url, init) ?? { status: 404, body: { detail: 'Not found' } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}
