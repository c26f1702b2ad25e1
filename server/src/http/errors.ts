import type { FastifyError, FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import { redactShareTokens } from '@promptgrid/contract';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDataException, isForeignKeyViolation, serializeError } from '../db/errors.js';

/**
 * An error a route means to answer with: `{detail}` and its status, or `{field: [message]}` for 400 with fields (or
 * another body a route documents, such as an import's `{errors: [{row, field, message}]}`).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, unknown>,
    /** What went wrong underneath, for the log only (e.g. a payment provider's own message). */
    cause?: unknown,
  ) {
    super(message, { cause });
  }
}

export const notFound = (what = 'Not found.') => new HttpError(404, what);
export const badRequest = (fields: Record<string, string[]>) =>
  new HttpError(400, Object.values(fields).flat().join(' '), fields);
export const forbidden = (message: string) => new HttpError(403, message);

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || 'non_field_errors';
        (fields[field] ??= []).push(issue.message ?? 'Invalid value.');
      }
      return reply.code(400).send(fields);
    }
    if (error instanceof HttpError) {
      if (error.cause !== undefined) request.log.warn({ err: error.cause }, error.message);
      return reply.code(error.statusCode).send(error.fields ?? { detail: error.message });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.code(500).send({ detail: 'Internal server error.' });
    }
    // A value the database could not take (out of range, invalid text) came from the request: the client's error.
    if (isDataException(error)) {
      request.log.info({ err: error }, 'the database refused a value of the request');
      return reply.code(400).send({ non_field_errors: ['A value of the request is out of range or not valid.'] });
    }
    // A row the request refers to (its owner, its project) was deleted by another request meanwhile.
    if (isForeignKeyViolation(error)) {
      request.log.info({ err: error }, 'a row the request refers to was deleted meanwhile');
      return reply
        .code(409)
        .send({ detail: 'Something this request refers to was deleted meanwhile. Reload the page.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ detail: 'Internal server error.' });
    }
    // Fastify's own 4xx: malformed JSON, wrong content type, body too large, rate limit.
    if (
      error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ||
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      status === 400
    ) {
      return reply.code(400).send({ non_field_errors: [error.message] });
    }
    return reply.code(status).send({ detail: (error as { detail?: string }).detail ?? error.message });
  });
}

/** Fastify's own request fields, with the path's share token redacted: the log's readers may not open the grid. */
const requestForLog = (request: FastifyRequest) => ({
  method: request.method,
  url: redactShareTokens(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

/**
 * Logger options that keep secrets out of the log: the `err` serializer is serializeError (a database error's bound
 * values never reach it), and the `req` serializer redacts share tokens in paths.
 */
export function withSafeLogging(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { err: serializeError, req: requestForLog, ...options.serializers } };
}
