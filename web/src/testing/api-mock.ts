import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The one API mock of the web tests: Mock Service Worker intercepts the app's real fetch calls at the network level,
 * so the API client runs as in the browser (URLs, headers, CSRF, bodies). Tests add their answers with `mockApi`;
 * the setup file starts the server, resets the answers after each test and fails on a request nobody answers.
 */
export const apiServer = setupServer();

export type Answer = { status?: number; body?: unknown; contentType?: string };

/** A request the app made, as it reached the network: `url` is the path and query the app asked for. */
export type ApiCall = {
  method: string;
  url: string;
  headers: Headers;
  credentials: RequestCredentials;
  /** The request body as sent (empty when there is none). */
  body: string;
};

export type ApiHandler = (call: ApiCall) => Answer | undefined | Promise<Answer | undefined>;

const NOT_FOUND: Answer = { status: 404, body: { detail: 'Not found.' } };

/**
 * Answers every API call of the current test with `handler` (JSON unless told otherwise; no body for 204 or an
 * answer without one; 404 when the handler returns nothing), and sets the CSRF cookie a signed-in browser has.
 * Returns the calls made so far, in order.
 */
export function mockApi(handler: ApiHandler): ApiCall[] {
  document.cookie = 'csrftoken=test-token; path=/';
  const calls: ApiCall[] = [];
  apiServer.use(
    http.all('*', async ({ request }) => {
      const url = new URL(request.url);
      const call: ApiCall = {
        method: request.method,
        url: `${url.pathname}${url.search}`,
        headers: request.headers,
        credentials: request.credentials,
        body: await request.text(),
      };
      calls.push(call);
      const answer = (await handler(call)) ?? NOT_FOUND;
      const status = answer.status ?? 200;
      if (status === 204 || answer.body === undefined) return new HttpResponse(null, { status });
      const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      return new HttpResponse(text, { status, headers: { 'content-type': answer.contentType ?? 'application/json' } });
    }),
  );
  return calls;
}

/** The calls made so far, as 'METHOD /path'. */
export const callsOf = (calls: ApiCall[]) => calls.map((call) => `${call.method} ${call.url}`);
