import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { apiServer } from './api-mock';

// findBy and waitFor wait on a condition; a busy 2-core machine (CI, or the suite beside a build) may take over the
// library's default second to render a screen whose answers are already there, so they wait up to five.
configure({ asyncUtilTimeout: 5_000 });

// A request no test answered is a mistake in the test (or a request the screen should not make): fail on it.
beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  apiServer.resetHandlers();
});
afterAll(() => apiServer.close());

// jsdom has no layout; CodeMirror measures text ranges, so give it empty rectangles.
if (typeof Range !== 'undefined' && !Range.prototype.getClientRects) {
  const empty = () => ({ x: 0, y: 0, width: 0, height: 0, top: 0, right: 0, bottom: 0, left: 0, toJSON: () => ({}) });
  Range.prototype.getBoundingClientRect = empty;
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null });
}

// The results grid sizes itself with ResizeObserver, which jsdom lacks.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
