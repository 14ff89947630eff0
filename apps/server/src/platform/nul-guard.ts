import type { FastifyReply, FastifyRequest } from 'fastify';
import { BadRequestError } from './errors.js';

/**
 * preValidation hook refusing any NUL character in params, query or JSON body. PostgreSQL text
 * cannot hold U+0000 and fails the query, which would surface as a 500 for bad input (SQLite
 * stores it silently): one 400 here keeps both dialects alike.
 */
export function rejectNulCharacters(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  done(
    [request.params, request.query, request.body].some(holdsNul)
      ? new BadRequestError()
      : undefined,
  );
}

/** Whether a parsed value holds a NUL in any string, key included (bounded by bodyLimit). */
export function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (typeof value === 'object' && value !== null && !Buffer.isBuffer(value)) {
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item));
  }
  return false;
}
