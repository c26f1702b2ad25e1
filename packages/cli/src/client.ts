import type { z } from 'zod';

/** Exit codes: 0 all good, 1 a threshold failed or a check regressed, 2 the command could not do its work. */
export const EXIT = { ok: 0, failed: 1, couldNotRun: 2 } as const;

/** An error that ends the command with its message and exit code 2 (auth, quota, budget, bad arguments). */
export class CliError extends Error {}

/** The server's own words for a refused request: `{detail}` or `{field: [messages]}`. */
function describeError(status: number, body: unknown): string {
  if (body && typeof body === 'object') {
    const { detail, errors } = body as { detail?: unknown; errors?: { row: number; field: string; message: string }[] };
    if (typeof detail === 'string') return detail;
    // An import's refused rows.
    if (Array.isArray(errors)) return errors.map((e) => `row ${e.row}, ${e.field}: ${e.message}`).join('; ');
    const fields = Object.entries(body as Record<string, unknown>).map(([field, messages]) =>
      Array.isArray(messages) ? `${field}: ${messages.join(' ')}` : `${field}: ${JSON.stringify(messages)}`,
    );
    if (fields.length > 0) return fields.join('; ');
  }
  return `HTTP ${status}`;
}

/** Talks to a Promptgrid server with an API token; every answer is parsed with the contract's schema. */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    private readonly token: string,
  ) {}

  private async send(method: string, path: string, body?: unknown): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(new URL(path, this.baseUrl), {
        method,
        headers: {
          authorization: `Bearer ${this.token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new CliError(`Could not reach ${this.baseUrl}: ${(error as Error).message}`);
    }
    if (response.ok) return response;
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: the status says enough
    }
    const message = describeError(response.status, parsed);
    if (response.status === 401) throw new CliError(`Not signed in: ${message} Check PROMPTGRID_TOKEN or run login.`);
    throw new CliError(`${method} ${path} answered ${response.status}: ${message}`);
  }

  async json<Schema extends z.ZodType>(schema: Schema, method: string, path: string, body?: unknown) {
    const response = await this.send(method, path, body);
    const result = schema.safeParse(await response.json());
    if (!result.success) throw new CliError(`Unexpected answer from ${path}: ${result.error.message}`);
    return result.data;
  }

  get = <Schema extends z.ZodType>(schema: Schema, path: string) => this.json(schema, 'GET', path);
  post = <Schema extends z.ZodType>(schema: Schema, path: string, body: unknown = {}) =>
    this.json(schema, 'POST', path, body);
  put = <Schema extends z.ZodType>(schema: Schema, path: string, body: unknown) => this.json(schema, 'PUT', path, body);

  async text(path: string): Promise<string> {
    return (await this.send('GET', path)).text();
  }
}
