import { CSRF_HEADER, ROUTES, SECURE_COOKIE_PREFIX, STORAGE_KEYS } from '@promptgrid/contract';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

let csrfRequest: Promise<string> | null = null;

/** The CSRF token from its cookie (named `__Host-csrftoken` over https), fetched first when the cookie is missing. */
export async function getCsrfToken(): Promise<string> {
  const existing =
    readCookie(`${SECURE_COOKIE_PREFIX}${STORAGE_KEYS.csrfCookie}`) ?? readCookie(STORAGE_KEYS.csrfCookie);
  if (existing) return existing;
  csrfRequest ??= fetch(ROUTES.auth.csrfToken, { credentials: 'include', headers: { Accept: 'application/json' } })
    .then((response) => response.json() as Promise<{ csrfToken: string }>)
    .then((body) => body.csrfToken)
    .finally(() => {
      csrfRequest = null;
    });
  return csrfRequest;
}

/** 'field: value' pairs of a JSON error body, comma-separated: the message shown for a refused request. */
export function errorMessageFrom(body: unknown): string {
  if (body === null || typeof body !== 'object') return 'An error occurred';
  const pairs = Object.entries(body as Record<string, unknown>).map(([field, value]) => {
    const text = Array.isArray(value)
      ? value.join(' ')
      : typeof value === 'object' && value !== null
        ? JSON.stringify(value)
        : String(value);
    return `${field}: ${text}`;
  });
  return pairs.length > 0 ? pairs.join(', ') : 'An error occurred';
}

/**
 * A field-keyed error body's sentences alone, without the keys: for a form whose fields are not named in the body,
 * where "email:" or "detail:" would only be noise. Null when the body holds none.
 */
export function errorSentences(body: unknown): string | null {
  const sentences = errorSentenceList(body);
  return sentences.length > 0 ? sentences.join(' ') : null;
}

/** Each sentence of a field-keyed error body, in order. */
export function errorSentenceList(body: unknown): string[] {
  if (body === null || typeof body !== 'object') return [];
  return Object.values(body as Record<string, unknown>).flatMap((value) =>
    Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [],
  );
}

/** A failure as one or more sentences for the user: the server's messages without their field keys, else its text. */
export const errorText = (error: unknown, fallback: string): string =>
  (error instanceof ApiError ? errorSentences(error.body) : null) ??
  (error instanceof Error && error.message ? error.message : fallback);

const isJson = (response: Response) => (response.headers.get('content-type') ?? '').includes('application/json');

/**
 * The one request helper: same origin with credentials, JSON in and out, X-CSRFToken on every call.
 * Returns parsed JSON, or null when the response is not JSON. Caller options and headers override the defaults.
 */
export async function apiRequest<T = unknown>(url: string, options: RequestInit = {}): Promise<T> {
  const csrfToken = await getCsrfToken();
  const { headers, ...rest } = options;
  const response = await fetch(url, {
    credentials: 'include',
    ...rest,
    // A JSON content type only with a body: servers refuse an empty body declared as JSON (e.g. POST /auth/sign_out/).
    headers: {
      ...(rest.body == null ? {} : { 'Content-Type': 'application/json' }),
      Accept: 'application/json',
      [CSRF_HEADER]: csrfToken,
      ...headers,
    },
  });
  const body: unknown = isJson(response) ? await response.json().catch(() => null) : null;
  if (!response.ok) throw new ApiError(errorMessageFrom(body), response.status, body);
  return body as T;
}

export const api = {
  get: <T>(url: string, options?: RequestInit) => apiRequest<T>(url, { ...options, method: 'GET' }),
  post: <T>(url: string, body?: unknown, options?: RequestInit) =>
    apiRequest<T>(url, { ...options, method: 'POST', body: body === undefined ? undefined : JSON.stringify(body) }),
  put: <T>(url: string, body?: unknown, options?: RequestInit) =>
    apiRequest<T>(url, { ...options, method: 'PUT', body: JSON.stringify(body) }),
  patch: <T>(url: string, body?: unknown, options?: RequestInit) =>
    apiRequest<T>(url, { ...options, method: 'PATCH', body: JSON.stringify(body) }),
  delete: <T>(url: string, options?: RequestInit) => apiRequest<T>(url, { ...options, method: 'DELETE' }),
};
