import { useEffect } from 'react';
import type { CaptureResult } from 'posthog-js';
import { redactShareTokens } from '@promptgrid/contract';
import { usePublicConfig } from '@/lib/api/get-public-config';

let started = false;

/** A property value with every share token in its texts redacted, however deep (`$initial_person_info.u`). */
function redacted(value: unknown): unknown {
  if (typeof value === 'string') return redactShareTokens(value);
  if (Array.isArray(value)) return value.map(redacted);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redacted(item)]));
  return value;
}

/**
 * PostHog's last look at each event before it is sent: a share link's token is the permission to read a grid, so no
 * URL property (`$current_url`, `$pathname`, `$prev_pageview_pathname`, the person's initial URL...) may carry it.
 */
export function withoutShareTokens(event: CaptureResult | null): CaptureResult | null {
  if (event === null) return null;
  const clean = { ...event, properties: redacted(event.properties) as CaptureResult['properties'] };
  if (event.$set) clean.$set = redacted(event.$set) as CaptureResult['$set'];
  if (event.$set_once) clean.$set_once = redacted(event.$set_once) as CaptureResult['$set_once'];
  return clean;
}

/**
 * Starts PostHog's official client when the server hands the page an analytics key: page views (each route change
 * too), no session recording, and no scripts fetched from PostHog's servers (the CSP allows only its event host).
 * Events leave without share tokens, and feature flags stay off: their request sends the person's initial URL, which
 * before_send never sees. Without a key the client's code is never even loaded, so no request leaves.
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
    advanced_disable_flags: true,
    before_send: withoutShareTokens,
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
