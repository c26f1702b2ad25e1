import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/** The origin users reach the app at: PUBLIC_URL, else the origin this request came to. No trailing slash. */
export const publicBaseUrl = (config: Config, request: FastifyRequest) =>
  (config.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
