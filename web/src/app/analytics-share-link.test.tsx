import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { apiServer } from '@/testing/api-mock';
import { startAnalytics } from './analytics';

const TOKEN = 'Zq3xV8sHk2mPw9tLr4nBc7dYf1gJh5eUa0oIiKkQwEr';

/** A request's URL and body as text, its body gunzipped or its base64 `data=` decoded when PostHog encoded it. */
async function readRequest(request: Request): Promise<string> {
  const bytes = new Uint8Array(await request.arrayBuffer());
  const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
  const body = gzipped
    ? await new Response(new Response(bytes).body!.pipeThrough(new DecompressionStream('gzip'))).text()
    : new TextDecoder().decode(bytes);
  const base64 = new URLSearchParams(body).get('data');
  return `${request.method} ${request.url}\n${body}\n${base64 ? atob(base64) : ''}`;
}

describe('analytics on a share page', () => {
  it("sends PostHog's real client's page view without the share token in any request", async () => {
    window.history.pushState({}, '', `/share/${TOKEN}`);
    const sent: string[] = [];
    apiServer.use(
      http.all('*', async ({ request }) => {
        sent.push(await readRequest(request));
        return HttpResponse.json({});
      }),
    );
    await startAnalytics('phc_key', 'https://eu.i.posthog.com');
    await waitFor(() => expect(sent.some((text) => text.includes('"$pageview"'))).toBe(true), { timeout: 5000 });
    const pageview = sent.find((text) => text.includes('"$pageview"'))!;
    expect(pageview).toContain('"$current_url":"http://localhost:3000/share/[redacted]"');
    expect(pageview).toContain('"$pathname":"/share/[redacted]"');
    for (const text of sent) expect(text).not.toContain(TOKEN);
    window.history.pushState({}, '', '/');
  });
});
