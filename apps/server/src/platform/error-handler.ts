import type { ErrorCode, ErrorResponse } from '@chaveiro/contract';
import { messages } from '@chaveiro/contract';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.js';

interface ErrorAnswer {
  statusCode: number;
  body: ErrorResponse;
}

/**
 * The one error handler: every failure leaves as `{ message, code }` with a pt-BR message.
 * Details of unexpected errors go to the log only, never to the client.
 */
export const errorHandler = fp(
  (app, _options, done) => {
    app.setErrorHandler((error, request, reply) => {
      const answer = toAnswer(error);
      if (answer.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.debug({ err: error }, 'request rejected');
      return reply.status(answer.statusCode).send(answer.body);
    });
    done();
  },
  { name: 'error-handler' },
);

/** The JSON 404 of an unknown route, shared with the web fallback. */
export function sendRouteNotFound(reply: FastifyReply): FastifyReply {
  return reply
    .status(404)
    .send({ message: messages.errors.routeNotFound, code: 'NOT_FOUND' } satisfies ErrorResponse);
}

function toAnswer(error: unknown): ErrorAnswer {
  if (error instanceof AppError) {
    return answer(error.statusCode, error.code, error.message);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    // The schema's own pt-BR text (spec §5) or the contract's pt-BR zod error map.
    const first = error.validation[0]?.message ?? messages.errors.invalidRequest;
    return answer(400, 'VALIDATION_ERROR', first);
  }
  const statusCode = clientErrorStatus(error);
  if (statusCode !== undefined) {
    if (hasValidation(error))
      return answer(400, 'VALIDATION_ERROR', messages.errors.invalidRequest);
    return clientError(statusCode);
  }
  return answer(500, 'INTERNAL_ERROR', messages.errors.internal);
}

/**
 * Fastify's and its plugins' own 4xx errors (malformed JSON, body too large, unsupported media
 * type, multipart limits) keep their status but get a pt-BR text instead of the English one.
 */
function clientError(statusCode: number): ErrorAnswer {
  switch (statusCode) {
    case 404:
      return answer(404, 'NOT_FOUND', messages.errors.notFound);
    case 413:
      return answer(413, 'PAYLOAD_TOO_LARGE', messages.errors.payloadTooLarge);
    case 429:
      return answer(429, 'TOO_MANY_REQUESTS', messages.errors.tooManyRequests);
    default:
      return answer(statusCode, 'BAD_REQUEST', messages.errors.invalidRequest);
  }
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
