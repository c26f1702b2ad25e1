import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { callsOf, mockApi } from '@/testing/api-mock';
import { AppProvider } from './provider';
import { withoutShareTokens } from './analytics';

const init = vi.hoisted(() => vi.fn());
vi.mock('posthog-js', () => ({ default: { init } }));

const config = (overrides: Record<string, unknown>) => ({
  google_client_id: null,
  dev_login: true,
  billing_enabled: false,
  analytics_key: null,
  analytics_host: null,
  feedback_email: null,
  free_evaluations_per_month: 50,
  ...overrides,
});

afterEach(() => {
  vi.unstubAllGlobals();
  init.mockClear();
});

describe('product analytics', () => {
  it('loads nothing without an analytics key', async () => {
    const calls = mockApi(({ url }) => (url === '/api/config/' ? { body: config({}) } : undefined));
    render(<AppProvider>page</AppProvider>);
    await waitFor(() => expect(callsOf(calls)).toContain('GET /api/config/'));
    // Let the answer render and any effect it starts settle before looking.
    await act(async () => {});
    expect(screen.getByText('page')).toBeInTheDocument();
    expect(init).not.toHaveBeenCalled();
  });

  it("starts PostHog's client with page views, no session recording and no external scripts when a key is set", async () => {
    mockApi(({ url }) =>
      url === '/api/config/'
        ? { body: config({ analytics_key: 'phc_key', analytics_host: 'https://eu.i.posthog.com' }) }
        : undefined,
    );
    render(<AppProvider>page</AppProvider>);
    await waitFor(() => expect(init).toHaveBeenCalledTimes(1));
    expect(init).toHaveBeenCalledWith('phc_key', {
      api_host: 'https://eu.i.posthog.com',
      capture_pageview: 'history_change',
      disable_session_recording: true,
      disable_external_dependency_loading: true,
      disable_surveys: true,
      advanced_disable_flags: true,
      before_send: withoutShareTokens,
    });
  });
});
