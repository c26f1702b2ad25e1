import http from 'node:http';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { ROUTES } from '@promptgrid/contract';
import type { TestClient } from './harness.js';
import { ACCESS_RULES, type AccessRule, type EntityIds } from './access-rules.js';
import { itemAt, solidPng } from '@promptgrid/test-support';

/** One method of one route the app serves, with its row of the access rules (undefined: none yet). */
export type RouteCase = { method: string; url: string; key: string; rule: AccessRule | undefined; route: RouteOptions };

/** Every route the app registered (HEAD mirrors GET and is left out), keyed as in ACCESS_RULES. */
export function servedRouteCases(app: FastifyInstance): RouteCase[] {
  return app.servedRoutes.flatMap((route) =>
    [route.method]
      .flat()
      .filter((method) => method !== 'HEAD' && method !== 'OPTIONS')
      .map((method) => {
        // @fastify/static names the file it serves in the route config.
        const key = route.config && 'file' in route.config ? 'GET <web build file>' : `${method} ${route.url}`;
        return { method, url: route.url, key, rule: ACCESS_RULES[key], route };
      }),
  );
}

/** The route's path with its id parameters filled from `ids` (others: `fill`), and id query parameters appended. */
export function targetOf(routeCase: RouteCase, ids: EntityIds, fill: (name: string) => string = () => '1'): string {
  const named = routeCase.rule?.ids ?? {};
  const pathParams = new Set<string>();
  const path = routeCase.url
    .replace(/:(\w+)/g, (_match, name: string) => {
      pathParams.add(name);
      return named[name] ? String(ids[named[name]]) : fill(name);
    })
    .replace(/\*$/, 'swagger-ui.css');
  const query = Object.entries(named)
    .filter(([name]) => !pathParams.has(name))
    .map(([name, entity]) => `${name}=${ids[entity]}`);
  return query.length > 0 ? `${path}?${query.join('&')}` : path;
}

/** The body a rule gives for these ids, encoded as the route reads it; none for routes without one. */
export function bodyOf(rule: AccessRule | undefined, ids: EntityIds): { payload?: string; contentType?: string } {
  const body = rule?.body?.(ids);
  if (body === undefined) return {};
  if (typeof body === 'string') return { payload: body, contentType: 'application/x-www-form-urlencoded' };
  return { payload: JSON.stringify(body), contentType: 'application/json' };
}

/**
 * A project with an input (with an image), a configuration, a (mock) evaluation, a stored key, an API token and an endpoint, owned by the
 * client's user.
 */
export async function plantEntities(client: Pick<TestClient, 'get' | 'post'>): Promise<EntityIds> {
  const expectOk = <T>(response: { statusCode: number; body: string; json: () => T }, what: string) => {
    if (response.statusCode >= 300) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  const model = itemAt(expectOk<{ id: number }[]>(await client.get(ROUTES.models), 'models'), 0).id;
  const project = expectOk<{ id: number }>(
    await client.post(ROUTES.projects, { name: 'Planted', description: 'd' }),
    'project',
  ).id;
  const input = expectOk<{ id: number }>(
    await client.post(ROUTES.inputs(project), { name: 'I', content: 'Hi' }),
    'input',
  ).id;
  const image = expectOk<{ id: number }>(
    await client.post(ROUTES.inputImages(project, input), { data: solidPng(4, 3).toString('base64') }),
    'image',
  ).id;
  const configuration = expectOk<{ id: number }>(
    await client.post(ROUTES.configurations(project), { name: 'C', prompt_content: 'Be brief.', ai_model_id: model }),
    'configuration',
  ).id;
  const evaluation = expectOk<{ evaluation_id: number }>(
    await client.post(ROUTES.runEvaluation, { configuration_ids: [configuration], input_ids: [input], use_mock: true }),
    'evaluation',
  ).evaluation_id;
  const apiKey = expectOk<{ id: number }>(
    await client.post(ROUTES.apiKeys, { provider: 'openai', key: 'sk-planted-0000' }),
    'api key',
  ).id;
  const check = expectOk<{ id: number }>(
    await client.post(ROUTES.checks(project), { name: 'K', type: 'is_json' }),
    'check',
  ).id;
  const accessToken = expectOk<{ id: number }>(
    await client.post(ROUTES.accessTokens, { name: 'Planted' }),
    'access token',
  ).id;
  const apiRequest = itemAt(
    expectOk<{ id: number }[]>(await client.get(ROUTES.apiRequests(evaluation)), 'api requests'),
    0,
  ).id;
  // On the discard port: nothing answers there, and nothing is sent to anyone.
  const endpoint = expectOk<{ id: number }>(
    await client.post(ROUTES.endpoints, { name: 'Planted', base_url: 'http://127.0.0.1:9/v1' }),
    'endpoint',
  ).id;
  return { project, input, image, configuration, evaluation, apiKey, check, apiRequest, accessToken, model, endpoint };
}

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * One request over a real socket, with the target sent exactly as given: `inject` would normalise an absolute-form
 * or percent-encoded target before the server saw it.
 */
export function sendRaw(
  base: URL,
  request: { method: string; target: string; headers?: Record<string, string>; payload?: string },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: base.hostname,
        port: base.port,
        method: request.method,
        path: request.target,
        // A length rather than chunks: Node's parser refuses a chunked DELETE body before any route sees it.
        headers: {
          ...(request.payload === undefined ? {} : { 'content-length': Buffer.byteLength(request.payload) }),
          ...request.headers,
        },
      },
      (response) => {
        // An event stream stays open while its run goes: it is answered once its headers came.
        if (String(response.headers['content-type']).startsWith('text/event-stream')) {
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: '' });
          return outgoing.destroy();
        }
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.payload);
  });
}

/** The same target spelled two other ways the router would also match: one letter percent-encoded, and absolute-form. */
export function otherSpellings(base: URL, target: string): string[] {
  const encoded = `/%${target.charCodeAt(1).toString(16).toUpperCase()}${target.slice(2)}`;
  return [encoded, `${base.origin}${target}`];
}
