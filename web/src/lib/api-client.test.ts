import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/api-mock';
import { api, ApiError, apiRequest, errorMessageFrom, getCsrfToken } from './api-client';
import { itemAt } from '@promptgrid/test-support/items';

const clearCsrfCookie = () => {
  document.cookie = 'csrftoken=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
};

afterEach(() => {
  clearCsrfCookie();
});

describe('errorMessageFrom', () => {
  it("joins a JSON body's fields as 'field: value', comma-separated", () => {
    expect(errorMessageFrom({ name: ['Project name is required.'], description: ['Description is required.'] })).toBe(
      'name: Project name is required., description: Description is required.',
    );
    expect(errorMessageFrom({ detail: 'Not found.' })).toBe('detail: Not found.');
  });

  it("reads 'An error occurred' without a JSON object", () => {
    expect(errorMessageFrom(null)).toBe('An error occurred');
    expect(errorMessageFrom('oops')).toBe('An error occurred');
    expect(errorMessageFrom({})).toBe('An error occurred');
  });
});

describe('getCsrfToken', () => {
  it('reads the __Host- cookie a server reached over https sets', async () => {
    const cookie = vi.spyOn(Document.prototype, 'cookie', 'get').mockReturnValue('__Host-csrftoken=secure-token; a=1');
    try {
      await expect(getCsrfToken()).resolves.toBe('secure-token');
    } finally {
      cookie.mockRestore();
    }
  });
});

describe('apiRequest', () => {
  it('returns parsed JSON for a JSON response and null otherwise', async () => {
    mockApi(({ url }) =>
      url === '/json'
        ? { body: { ok: true } }
        : url === '/text'
          ? { body: 'plain', contentType: 'text/plain' }
          : { status: 204 },
    );
    await expect(api.get('/json')).resolves.toEqual({ ok: true });
    await expect(api.get('/text')).resolves.toBeNull();
    await expect(api.delete('/empty')).resolves.toBeNull();
  });

  it("throws an ApiError with the 'field: value' message and the status", async () => {
    mockApi(() => ({ status: 400, body: { name: ['Project name is required.'] } }));
    const error = await api.post('/api/projects/', { name: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('name: Project name is required.');
    expect((error as ApiError).status).toBe(400);
  });

  it("throws 'An error occurred' when the failed response is not JSON", async () => {
    mockApi(() => ({ status: 502, body: '<html>Bad gateway</html>', contentType: 'text/html' }));
    await expect(api.get('/api/projects/')).rejects.toThrow(new ApiError('An error occurred', 502, null));
  });

  it('sends credentials, JSON headers and the CSRF cookie as X-CSRFToken; caller headers win', async () => {
    const calls = mockApi(() => ({ body: {} }));
    await api.put('/api/projects/1/', { name: 'a' }, { headers: { Accept: 'text/plain' } });
    const call = itemAt(calls, 0);
    expect(call).toMatchObject({ method: 'PUT', credentials: 'include', body: '{"name":"a"}' });
    expect(Object.fromEntries(call.headers)).toMatchObject({
      'content-type': 'application/json',
      accept: 'text/plain',
      'x-csrftoken': 'test-token',
    });
  });

  it('declares no JSON body on a request without one', async () => {
    const calls = mockApi(() => ({ body: { status: 'success' } }));
    await api.post('/auth/sign_out/');
    const call = itemAt(calls, 0);
    expect(call.headers.has('content-type')).toBe(false);
    expect(call.body).toBe('');
  });

  it('fetches the CSRF token first when the cookie is missing', async () => {
    const fetch = mockApi(({ url }) =>
      url === '/auth/csrf-token/' ? { body: { csrfToken: 'fresh-token' } } : { body: [] },
    );
    clearCsrfCookie();
    await apiRequest('/api/projects/');
    expect(fetch.map((call) => call.url)).toEqual(['/auth/csrf-token/', '/api/projects/']);
    expect(itemAt(fetch, 1).headers.get('X-CSRFToken')).toBe('fresh-token');
  });

  it('shares one token request between concurrent calls', async () => {
    const fetch = mockApi(() => ({ body: { csrfToken: 't' } }));
    clearCsrfCookie();
    await Promise.all([getCsrfToken(), getCsrfToken(), getCsrfToken()]);
    expect(fetch).toHaveLength(1);
  });
});
