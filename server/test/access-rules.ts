import { solidPng } from '@promptgrid/test-support';
/**
 * Who may call each route the server registers: the table the access-matrix and bad-input tests walk. A route with
 * no row here fails those tests, so a new route comes with its row (one line, usually).
 *
 * - access: 'session' needs a signed-in user (no session: 401); 'public' does not; 'page' is a page or asset.
 * - ids: path or query parameters that are ids, and the entity each names: another user's ids must answer 404.
 * - body: a body that passes validation, built from the caller's ids (or another user's, for the 404 check).
 * - foreignIds: 'empty-list' where an id only filters a list (another user's id gives []), instead of 404.
 * - csrf: false only where another proof replaces the CSRF token (Stripe's signature).
 * - anonymous: the status a public route answers without a session, when it is not an ordinary answer.
 * - bodies: 'form' where a form body is accepted (the sign-in callback), 'raw' where any body is read as bytes.
 * - tokens: false where an API token is refused with 401 (sign-in, token management, billing, account deletion).
 */
export type Entity =
  | 'project'
  | 'input'
  | 'image'
  | 'configuration'
  | 'evaluation'
  | 'apiKey'
  | 'check'
  | 'apiRequest'
  | 'accessToken'
  | 'endpoint';
/** The caller's ids of each entity, and a model of the shared catalog. */
export type EntityIds = Record<Entity, number> & { model: number };

export type AccessRule = {
  access: 'session' | 'public' | 'page';
  ids?: Record<string, Entity>;
  body?: (ids: EntityIds) => unknown;
  foreignIds?: 'empty-list';
  csrf?: false;
  anonymous?: number;
  bodies?: 'form' | 'raw';
  tokens?: false;
};

const session: AccessRule = { access: 'session' };
const sessionOnly: AccessRule = { access: 'session', tokens: false };
const authRoute: AccessRule = { access: 'public', tokens: false };
const project = { id: 'project' } as const;
const projectInputs = { projectId: 'project' } as const;
const configuration = { id: 'configuration' } as const;
const evaluation = { evaluation: 'evaluation' } as const;
const inputImages = { projectId: 'project', inputId: 'input' } as const;
const inputImage = { ...inputImages, imageId: 'image' } as const;
const importFile = { format: 'csv', data: 'content\nHello\n' };
const promptfooImport = { files: [{ name: 'promptfooconfig.yaml', data: 'tests:\n  - vars: { input: Hello }\n' }] };
const configurationBody = (ids: EntityIds) => ({ name: 'C', prompt_content: 'Be brief.', ai_model_id: ids.model });

export const ACCESS_RULES: Record<string, AccessRule> = {
  'GET /healthz': { access: 'public' },
  'GET /readyz': { access: 'public' },
  /** Checks its own credentials: METRICS_TOKEN when set, else loopback (as every test request comes from). */
  'GET /metrics': { access: 'public' },
  /** The embedded database's copy for `npm run backup`: loopback and the token in DATA_DIR only. */
  'GET /admin/backup': { access: 'public', anonymous: 401 },
  'GET /api/config/': { access: 'public' },
  'GET /api/openapi.json': { access: 'public' },
  'GET /api/docs/': { access: 'page' },
  'GET /api/docs/json': { access: 'page' },
  'GET /api/docs/yaml': { access: 'page' },
  'GET /api/docs/static/index.html': { access: 'page' },
  'GET /api/docs/static/swagger-initializer.js': { access: 'page' },
  'GET /api/docs/static/*': { access: 'page' },
  /** Every file of the web build (their names change with each build). */
  'GET <web build file>': { access: 'page' },

  'GET /auth/csrf-token/': authRoute,
  'POST /auth/auth_receiver/': { ...authRoute, bodies: 'form', body: () => 'credential=not-a-token' },
  'POST /auth/dev-sign-in/': { ...authRoute, body: () => ({ email: 'matrix@example.com' }) },
  'GET /auth/me/': { ...authRoute, anonymous: 401 },
  'POST /auth/sign_out/': authRoute,

  'GET /api/projects/': session,
  'POST /api/projects/': { ...session, body: () => ({ name: 'P', description: 'D' }) },
  'GET /api/projects/:id/': { ...session, ids: project },
  'PUT /api/projects/:id/': { ...session, ids: project, body: () => ({ name: 'P', description: 'D' }) },
  'DELETE /api/projects/:id/': { ...session, ids: project },
  'POST /api/projects/import/preview/': { ...session, body: () => promptfooImport },
  'POST /api/projects/import/': { ...session, body: () => promptfooImport },
  'GET /api/projects/:id/export/promptfoo/': { ...session, ids: project },

  'GET /api/projects/:projectId/inputs/': { ...session, ids: projectInputs },
  'POST /api/projects/:projectId/inputs/': {
    ...session,
    ids: projectInputs,
    body: () => ({ name: 'I', content: 'x' }),
  },
  'PUT /api/projects/:projectId/inputs/:inputId/': {
    ...session,
    ids: { projectId: 'project', inputId: 'input' },
    body: () => ({ name: 'I', content: 'x', active: true }),
  },
  'DELETE /api/projects/:projectId/inputs/:inputId/': { ...session, ids: { projectId: 'project', inputId: 'input' } },
  'POST /api/projects/:projectId/inputs/:inputId/duplicate/': {
    ...session,
    ids: { projectId: 'project', inputId: 'input' },
  },
  'POST /api/projects/:projectId/inputs/:inputId/images/': {
    ...session,
    ids: inputImages,
    body: () => ({ data: solidPng(2, 2).toString('base64') }),
  },
  'GET /api/projects/:projectId/inputs/:inputId/images/:imageId/': { ...session, ids: inputImage },
  'DELETE /api/projects/:projectId/inputs/:inputId/images/:imageId/': { ...session, ids: inputImage },
  'POST /api/projects/:projectId/inputs/import/': { ...session, ids: projectInputs, body: () => importFile },
  'POST /api/projects/:projectId/inputs/import/preview/': { ...session, ids: projectInputs, body: () => importFile },
  'POST /api/inputs/import/preview/': { ...session, body: () => importFile },
  'GET /api/projects/:projectId/inputs/export/': { ...session, ids: projectInputs },
  'GET /api/projects/:projectId/inputs/ids/': { ...session, ids: projectInputs },
  'POST /api/projects/:projectId/inputs/bulk/': {
    ...session,
    ids: projectInputs,
    body: (ids) => ({ ids: [ids.input], action: 'archive' }),
  },

  'GET /api/projects/:projectId/configurations/': { ...session, ids: projectInputs },
  'POST /api/projects/:projectId/configurations/': { ...session, ids: projectInputs, body: configurationBody },
  'POST /api/projects/:projectId/configurations/bulk/': {
    ...session,
    ids: projectInputs,
    body: (ids) => ({ configurations: [configurationBody(ids)] }),
  },
  'PUT /api/configurations/:id/': { ...session, ids: configuration, body: configurationBody },
  'PATCH /api/configurations/:id/': { ...session, ids: configuration, body: () => ({ is_active: false }) },
  'DELETE /api/configurations/:id/': { ...session, ids: configuration },
  'POST /api/configurations/:id/duplicate/': { ...session, ids: configuration },
  'GET /api/configurations/:id/versions/': { ...session, ids: configuration },

  'GET /api/models/': session,
  'GET /api/api-keys/': session,
  'POST /api/api-keys/': { ...session, body: () => ({ provider: 'anthropic', key: 'sk-ant-matrix-0000' }) },
  'PUT /api/api-keys/:id/': { ...session, ids: { id: 'apiKey' }, body: () => ({ label: 'L' }) },
  'DELETE /api/api-keys/:id/': { ...session, ids: { id: 'apiKey' } },
  'GET /api/endpoints/': session,
  'POST /api/endpoints/': { ...session, body: () => ({ name: 'E', base_url: 'http://127.0.0.1:9/v1' }) },
  'GET /api/endpoints/:id/': { ...session, ids: { id: 'endpoint' } },
  'PUT /api/endpoints/:id/': { ...session, ids: { id: 'endpoint' }, body: () => ({ name: 'Renamed' }) },
  'DELETE /api/endpoints/:id/': { ...session, ids: { id: 'endpoint' } },
  'POST /api/endpoints/:id/fetch-models/': { ...session, ids: { id: 'endpoint' } },
  'GET /api/tokens/': sessionOnly,
  'POST /api/tokens/': { ...sessionOnly, body: () => ({ name: 'Matrix' }) },
  'DELETE /api/tokens/:id/': { ...sessionOnly, ids: { id: 'accessToken' } },

  'POST /api/run-evaluation/': {
    ...session,
    body: (ids) => ({ configuration_ids: [ids.configuration], input_ids: [ids.input], use_mock: true }),
  },
  'POST /api/run-evaluation/estimate/': {
    ...session,
    body: (ids) => ({ configuration_ids: [ids.configuration], input_ids: [ids.input], use_mock: false, budget_usd: 1 }),
  },
  'GET /api/evaluations/': { ...session, ids: { project: 'project' }, foreignIds: 'empty-list' },
  'GET /api/evaluations/:id/results/': { ...session, ids: { id: 'evaluation' } },
  'GET /api/evaluations/:id/events/': { ...session, ids: { id: 'evaluation' } },
  'DELETE /api/evaluations/:id/': { ...session, ids: { id: 'evaluation' } },
  'POST /api/evaluations/:id/cancel/': { ...session, ids: { id: 'evaluation' } },
  'POST /api/evaluations/:id/rerun/': { ...session, ids: { id: 'evaluation' }, body: () => ({ failed_only: true }) },
  'GET /api/evaluations/:id/': { ...session, ids: { id: 'evaluation' } },
  'PATCH /api/evaluations/:id/': { ...session, ids: { id: 'evaluation' }, body: () => ({ name: 'Renamed' }) },
  'GET /api/projects/:id/evaluations/': { ...session, ids: project },
  'GET /api/evaluations/compare/': { ...session, ids: { base: 'evaluation', head: 'evaluation' } },
  'GET /api/results/': { ...session, ids: { evaluation_id: 'evaluation' } },
  'GET /api/evaluations/:id/share/': { ...session, ids: { id: 'evaluation' } },
  'POST /api/evaluations/:id/share/': { ...session, ids: { id: 'evaluation' } },
  'DELETE /api/evaluations/:id/share/': { ...session, ids: { id: 'evaluation' } },
  // Public by design: the unguessable token in the path is the permission; an unknown token answers 404.
  'GET /api/shared/:token/': { access: 'public', anonymous: 404 },
  'GET /api/api-requests/': { ...session, ids: evaluation },
  'GET /api/api-requests/metrics/': { ...session, ids: evaluation },
  'GET /api/api-requests/status_counts/': { ...session, ids: evaluation },

  'GET /api/projects/:projectId/checks/': { ...session, ids: projectInputs },
  'POST /api/projects/:projectId/checks/': {
    ...session,
    ids: projectInputs,
    body: () => ({ name: 'K', type: 'is_json' }),
  },
  'PUT /api/checks/:id/': { ...session, ids: { id: 'check' }, body: () => ({ name: 'K', type: 'is_json' }) },
  'DELETE /api/checks/:id/': { ...session, ids: { id: 'check' } },
  'POST /api/evaluations/:id/rescore/': { ...session, ids: { id: 'evaluation' } },
  'POST /api/evaluations/:id/check-preview/': {
    ...session,
    ids: { id: 'evaluation' },
    body: () => ({ name: 'K', type: 'is_json' }),
  },
  'PUT /api/api-requests/:id/rating/': { ...session, ids: { id: 'apiRequest' }, body: () => ({ rating: 1 }) },
  'GET /api/evaluations/:id/votes/': { ...session, ids: { id: 'evaluation' } },
  'POST /api/evaluations/:id/votes/': {
    ...session,
    ids: { id: 'evaluation' },
    body: (ids) => ({
      input_id: ids.input,
      left_request_id: ids.apiRequest,
      right_request_id: ids.apiRequest,
      winner: 'tie',
    }),
  },
  'GET /api/evaluations/:id/summary/': { ...session, ids: { id: 'evaluation' } },
  'GET /api/evaluations/:id/significance/': {
    ...session,
    ids: { id: 'evaluation', a: 'configuration', b: 'configuration' },
  },
  'GET /api/evaluations/compare/significance/': { ...session, ids: { base: 'evaluation', head: 'evaluation' } },
  'GET /api/evaluations/:id/consistency/': { ...session, ids: { id: 'evaluation' } },
  'GET /api/evaluations/:id/judge-agreement/': { ...session, ids: { id: 'evaluation' } },
  'GET /api/evaluations/:id/similarity/': { ...session, ids: { id: 'evaluation' } },
  'GET /api/evaluations/:id/preference/': { ...session, ids: { id: 'evaluation' } },
  'GET /api/projects/:id/trends/': { ...session, ids: project },

  'GET /api/subscription/status/': sessionOnly,
  'GET /api/check-subscription/': sessionOnly,
  'POST /api/create-checkout-session/': sessionOnly,
  'GET /api/portal-url/': sessionOnly,
  'POST /api/subscription/cancel/': sessionOnly,
  // A body that passes validation but names no account: the matrix must not delete the user it walks with.
  'DELETE /api/account/': { ...sessionOnly, body: () => ({ email: 'not-this-account@example.com' }) },
  'POST /api/stripe/webhook/': { access: 'public', csrf: false, bodies: 'raw' },
};
