import { z } from 'zod';
import { Id, Timestamp, requiredText, text } from './common.js';

/** The most models one endpoint lists; gateways offer hundreds. */
export const ENDPOINT_MAX_MODELS = 500;
const ENDPOINT_MAX_HEADERS = 20;

/** One model an endpoint serves, as the API shows it: its ai model id is what a configuration names. */
export const EndpointModel = z.object({
  id: Id,
  model_name: z.string(),
  /** USD per million tokens, as the user entered them; null: its cost shows as unknown. */
  input_per_mtok: z.number().nullable(),
  output_per_mtok: z.number().nullable(),
  supports_json_mode: z.boolean(),
  /** It takes OpenAI's reasoning_effort (an OpenAI reasoning model behind a gateway, say); off: none is sent. */
  supports_reasoning_effort: z.boolean(),
});
export type EndpointModel = z.infer<typeof EndpointModel>;

/**
 * What API an endpoint speaks: an OpenAI-compatible server's chat completions at its base URL, or an Azure OpenAI
 * resource's, where each model is a deployment's name and every request names the API version.
 */
export const EndpointKind = z.enum(['openai-compatible', 'azure'], {
  error: 'Kind must be openai-compatible or azure.',
});
export type EndpointKind = z.infer<typeof EndpointKind>;

/** The Azure OpenAI API version a new Azure endpoint is given: the latest generally available one. */
export const AZURE_DEFAULT_API_VERSION = '2024-10-21';

/** A user's endpoint. Its key and header values are never returned: the key's last four, the headers' names. */
export const Endpoint = z.object({
  id: Id,
  name: z.string(),
  kind: EndpointKind,
  base_url: z.string(),
  /** Azure's api-version; null for an OpenAI-compatible server. */
  api_version: z.string().nullable(),
  has_key: z.boolean(),
  last_four_digits: z.string().nullable(),
  header_names: z.array(z.string()),
  /** Calls sent to it at once; null: the server's default. */
  concurrency: z.number().int().nullable(),
  models: z.array(EndpointModel),
  created_at: Timestamp,
});
export type Endpoint = z.infer<typeof Endpoint>;

const price = (label: string) =>
  z
    .number({ error: `${label} must be a number.` })
    .nonnegative({ error: `${label} must not be negative.` })
    .max(100_000, { error: `${label} must be at most 100000.` })
    .nullable()
    .default(null);

export const EndpointModelInput = z.object({
  model_name: requiredText('Model name', 200).regex(/^\S+$/, { error: 'Model name must not contain spaces.' }),
  input_per_mtok: price('Input price'),
  output_per_mtok: price('Output price'),
  supports_json_mode: z.boolean().default(false),
  supports_reasoning_effort: z.boolean().default(false),
});
export type EndpointModelInput = z.infer<typeof EndpointModelInput>;

const baseUrl = requiredText('Base URL', 2000).refine(
  (value) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol),
  { error: 'Base URL must be an http:// or https:// address.' },
);

/**
 * Header names an endpoint may not set: hop-by-hop headers belong to the server's own connection, and routing headers
 * would send the request to another virtual host behind the endpoint's address (Host) or tell the endpoint a made-up
 * client address (X-Forwarded-For and kin). Refused when saved; the server also drops them from rows saved earlier.
 */
const RESERVED_HEADER_NAME =
  /^(?:host|connection|keep-alive|proxy-.*|te|trailer|upgrade|content-length|transfer-encoding|x-forwarded-.*|forwarded|x-real-ip)$/i;
export const isReservedEndpointHeader = (name: string) => RESERVED_HEADER_NAME.test(name);

/** An HTTP header name (RFC 9110 token) other than a reserved one, and a value without line breaks. */
const headers = z
  .record(
    z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, { error: 'Header names must be HTTP header names.' }),
    text('Header value')
      .max(4000)
      .regex(/^[^\r\n]*$/, { error: 'Header values must not contain line breaks.' }),
  )
  .refine((value) => Object.keys(value).length <= ENDPOINT_MAX_HEADERS, {
    error: `At most ${ENDPOINT_MAX_HEADERS} headers.`,
  })
  .superRefine((value, ctx) => {
    const reserved = Object.keys(value).filter(isReservedEndpointHeader);
    if (reserved.length > 0)
      ctx.addIssue({
        code: 'custom',
        message:
          `${reserved.join(', ')} cannot be set on an endpoint: Host, Connection, Keep-Alive, Proxy-*, TE, Trailer, ` +
          'Upgrade, Content-Length, Transfer-Encoding, Forwarded, X-Forwarded-* and X-Real-IP are set by the server.',
      });
  });

const models = z
  .array(EndpointModelInput)
  .max(ENDPOINT_MAX_MODELS, { error: `At most ${ENDPOINT_MAX_MODELS} models.` })
  .refine((list) => new Set(list.map((m) => m.model_name)).size === list.length, {
    error: 'Each model may be listed once.',
  });

const key = text('Key')
  .trim()
  .max(2000, { error: 'Key is too long.' })
  .regex(/^\S*$/, { error: 'Key must not contain spaces.' });

const concurrency = z
  .number({ error: 'Concurrency must be a number.' })
  .int({ error: 'Concurrency must be a whole number.' })
  .min(1, { error: 'Concurrency must be at least 1.' })
  .max(1000, { error: 'Concurrency must be at most 1000.' })
  .nullable();

/** Azure's api-version: a date, with a -preview suffix for a preview version. */
const apiVersion = requiredText('API version', 40).regex(/^\d{4}-\d{2}-\d{2}(-preview)?$/, {
  error: 'API version must be a date like 2024-10-21, with -preview after it for a preview version.',
});

/** An Azure endpoint names its API version; an OpenAI-compatible one has none. */
const versionMatchesKind = (value: { kind?: EndpointKind; api_version?: string | null }) =>
  (value.kind === 'azure') === (value.api_version != null && value.api_version !== '');

export const CreateEndpointInput = z
  .object({
    name: requiredText('Name', 100),
    kind: EndpointKind.default('openai-compatible'),
    base_url: baseUrl,
    api_version: apiVersion.nullable().default(null),
    /** Empty or absent: the endpoint takes no key. */
    key: key.optional(),
    headers: headers.default({}),
    models: models.default([]),
    concurrency: concurrency.default(null),
  })
  .refine(versionMatchesKind, {
    error: 'An Azure endpoint needs its API version; an OpenAI-compatible one takes none.',
    path: ['api_version'],
  });
export type CreateEndpointInput = z.input<typeof CreateEndpointInput>;

/**
 * What is absent stays as it was; `key: ''` removes the key, `headers` and `models` replace the lists. The kind stays
 * what it was created as; an Azure endpoint's API version may change.
 */
export const UpdateEndpointInput = z.object({
  name: requiredText('Name', 100).optional(),
  base_url: baseUrl.optional(),
  api_version: apiVersion.optional(),
  key: key.optional(),
  headers: headers.optional(),
  models: models.optional(),
  concurrency: concurrency.optional(),
});
export type UpdateEndpointInput = z.input<typeof UpdateEndpointInput>;

/** POST /api/endpoints/{id}/fetch-models/: the model ids the endpoint's GET /models lists. */
export const FetchedEndpointModels = z.object({ models: z.array(z.string()) });
export type FetchedEndpointModels = z.infer<typeof FetchedEndpointModels>;
