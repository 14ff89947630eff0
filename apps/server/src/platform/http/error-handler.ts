import type { ErrorCode, ErrorResponse } from '@chaveiro/contract';
import { messages } from '@chaveiro/contract';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../core/errors.js';

export interface ErrorAnswer {
  statusCode: number;
  body: ErrorResponse;
}

/**
 * Seconds a 429 asks the caller to wait when whoever refused could not say (an upload refused
 * while the caller's others are still in flight): a rate limit says when its window restarts.
 */
export const DEFAULT_RETRY_AFTER_SECONDS = 10;

/**
 * The one error handler: every failure leaves as `{ message, code }` with a pt-BR message.
 * Details of unexpected errors go to the log only, never to the client. Every 429, whichever
 * scope answered it (the site, the seller API, the loader), says when to come back.
 */
export const errorHandler = fp(
  (app, _options, done) => {
    app.setErrorHandler((error, request, reply) => {
      const answer = errorAnswer(error);
      if (answer.body.code === 'INTERNAL_ERROR')
        request.log.error({ err: error }, 'request failed');
      else logRefusal(request.log, answer.statusCode, answer.body.code);
      return reply.status(answer.statusCode).send(answer.body);
    });
    app.addHook('onSend', (_request, reply, payload, next) => {
      if (reply.statusCode === 429 && !reply.hasHeader('retry-after')) {
        void reply.header('retry-after', String(DEFAULT_RETRY_AFTER_SECONDS));
      }
      next(null, payload);
    });
    done();
  },
  { name: 'error-handler' },
);

/**
 * An expected refusal (bad input, no session, maintenance, a loader refusal) is one info line
 * without a stack: errors in the log are left for what needs a look.
 */
export function logRefusal(log: FastifyBaseLogger, statusCode: number, code: string): void {
  log.info({ statusCode, code }, 'request refused');
}

/** The JSON 404 of an unknown route, shared with the web fallback. */
export function sendRouteNotFound(reply: FastifyReply): FastifyReply {
  return reply
    .status(404)
    .send({ message: messages.errors.routeNotFound, code: 'NOT_FOUND' } satisfies ErrorResponse);
}

/** The `{ message, code }` answer to any failure, and its status. */
export function errorAnswer(error: unknown): ErrorAnswer {
  if (error instanceof AppError) {
    return answer(error.statusCode, error.code, error.message);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    // The schema's own pt-BR text (spec §5) or the contract's pt-BR zod error map.
    const first = error.validation[0]?.message ?? messages.errors.invalidRequest;
    return answer(400, 'VALIDATION_ERROR', first);
  }
  const conflict = uniqueConflict(error);
  if (conflict) return conflict;
  const statusCode = clientErrorStatus(error);
  if (statusCode !== undefined) {
    if (hasValidation(error))
      return answer(400, 'VALIDATION_ERROR', messages.errors.invalidRequest);
    return clientError(error, statusCode);
  }
  return answer(500, 'INTERNAL_ERROR', messages.errors.internal);
}

/**
 * Fastify's and its plugins' own 4xx errors (malformed JSON, body too large, unsupported media
 * type, multipart limits, a path that does not decode) and the HTTP parser's refusals
 * (early-refusals.ts) get a pt-BR text instead of the English one, and a code that names their
 * status: a status we have no code for becomes a plain 400.
 */
function clientError(error: unknown, statusCode: number): ErrorAnswer {
  // @fastify/static will not resolve a path with `..`, `.` or empty segments (403): such a path
  // names no file, so it is answered like any other unknown route.
  if (codeOf(error) === 'FST_STATIC_FORBIDDEN_PATH') {
    return answer(404, 'NOT_FOUND', messages.errors.routeNotFound);
  }
  switch (statusCode) {
    case 404:
      return answer(404, 'NOT_FOUND', messages.errors.notFound);
    case 408:
      return answer(408, 'REQUEST_TIMEOUT', messages.errors.requestTimeout);
    case 413:
      return answer(413, 'PAYLOAD_TOO_LARGE', messages.errors.payloadTooLarge);
    case 429:
      return answer(429, 'TOO_MANY_REQUESTS', messages.errors.tooManyRequests);
    case 431:
      return answer(431, 'HEADERS_TOO_LARGE', messages.errors.headersTooLarge);
    default:
      return answer(400, 'BAD_REQUEST', messages.errors.invalidRequest);
  }
}

/** Unique indexes whose violation has a message of its own (the services' own checks' answer). */
const UNIQUE_CONFLICTS: { index: RegExp; code: ErrorCode; message: string }[] = [
  {
    index: /users[._]username_lower/,
    code: 'USERNAME_TAKEN',
    message: messages.auth.usernameTaken,
  },
  { index: /users[._]email_lower/, code: 'EMAIL_TAKEN', message: messages.auth.emailTaken },
];

/**
 * A unique index refusing a write means two requests raced past the service's own check (or a
 * value the check could not see): a 409, never a 500. The index decides the message.
 */
function uniqueConflict(error: unknown): ErrorAnswer | undefined {
  const index = uniqueViolationIndex(error);
  if (index === undefined) return undefined;
  const known = UNIQUE_CONFLICTS.find((conflict) => conflict.index.test(index));
  return known
    ? answer(409, known.code, known.message)
    : answer(409, 'CONFLICT', messages.errors.conflict);
}

/** Whether a unique index refused the write (the loader answers these with its own refusal). */
export function isUniqueViolation(error: unknown): boolean {
  return uniqueViolationIndex(error) !== undefined;
}

/**
 * What a unique violation names: PostgreSQL's constraint (`users_username_lower_unique`),
 * SQLite's message (`UNIQUE constraint failed: users.username_lower`); undefined for any
 * other error.
 */
function uniqueViolationIndex(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = codeOf(error);
  if (code === '23505') {
    return 'constraint' in error && typeof error.constraint === 'string' ? error.constraint : '';
  }
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return error.message;
  }
  return undefined;
}

function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}

function clientErrorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return undefined;
  const { statusCode } = error;
  return typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500
    ? statusCode
    : undefined;
}

function hasValidation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'validation' in error;
}

function answer(statusCode: number, code: ErrorCode, message: string): ErrorAnswer {
  return { statusCode, body: { message, code } };
}
