import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TooManyRequestsError } from './errors.js';

export interface RateLimitRule {
  /** Namespaces the counters so two rules never share a key. */
  name: string;
  max: number;
  windowMs: number;
  /** What is counted: the caller's IP by default, or e.g. the email a request names. */
  key?: (request: FastifyRequest) => string;
}

/**
 * A preHandler enforcing a fixed-window limit through @fastify/rate-limit's store. Several rules
 * can guard one route (per IP and per account), which the plugin's route option cannot express.
 * A limited call answers 429 with Retry-After.
 */
export function rateLimit(app: FastifyInstance, rule: RateLimitRule) {
  const check = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.windowMs,
    keyGenerator: (request) => `${rule.name}:${(rule.key ?? ipKey)(request)}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      void reply.header('retry-after', String(result.ttlInSeconds));
      throw new TooManyRequestsError();
    }
  };
}

function ipKey(request: FastifyRequest): string {
  return request.ip;
}

/** Reads a string field of the parsed body for a per-account key, lower-cased. */
export function bodyField(field: string) {
  return (request: FastifyRequest): string => {
    const value = (request.body as Record<string, unknown> | undefined)?.[field];
    return typeof value === 'string' ? value.trim().toLowerCase() : '';
  };
}
