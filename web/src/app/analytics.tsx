import { useEffect } from 'react';
import { usePublicConfig } from '@/lib/api/get-public-config';

let started = false;

/**
 * Starts PostHog's official client when the server hands the page an analytics key: page views (each route change
 * too), no session recording, and no scripts fetched from PostHog's servers (the CSP allows only its event host).
 * Without a key the client's code is never even loaded, so no request leaves.
 */
export async function startAnalytics(key: string, host: string) {
  if (started) return;
  started = true;
  const { default: posthog } = await import('posthog-js');
  posthog.init(key, {
    api_host: host,
    capture_pageview: 'history_change',
    disable_session_recording: true,
    disable_external_dependency_loading: true,
    disable_surveys: true,
  });
}

export function Analytics() {
  const config = usePublicConfig();
  const key = config.data?.analytics_key ?? null;
  const host = config.data?.analytics_host ?? null;
  useEffect(() => {
    if (key && host) void startAnalytics(key, host);
  }, [key, host]);
  return null;
}
