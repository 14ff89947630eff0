import { setTimeout as sleep } from 'node:timers/promises';
import { SELLER_API_LIMITS, sellerApiMessages } from '@chaveiro/contract';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/core/context.js';
import { BadRequestError, ConflictError, UnprocessableError } from '../../platform/core/errors.js';
import { sha256Hex } from '../../platform/crypto/secret-tokens.js';
import type { IdempotencyClaim, IdempotencyRepository } from './idempotency-repository.js';

const text = sellerApiMessages;
/** How often a concurrent duplicate looks whether the first request has answered. */
const POLL_MS = 50;
/** Expired keys are pruned at most this often per node, at most PRUNE_BATCH at a time. */
const PRUNE_EVERY_MS = 60_000;
const PRUNE_BATCH = 500;
/** Visible ASCII and inner spaces, 1 to 255 characters. */
const KEY_PATTERN = new RegExp(
  `^[\\x21-\\x7e](?:[\\x20-\\x7e]{0,${SELLER_API_LIMITS.idempotencyKeyMax - 2}}[\\x21-\\x7e])?$`,
);

export interface IdempotencyDeps extends Pick<AppContext, 'clock' | 'background'> {
  repository: IdempotencyRepository;
  log: FastifyBaseLogger;
}

/**
 * `Idempotency-Key` on every POST of the seller API (Stripe's semantics), as two hooks of the
 * v1 scope: `preHandler` claims the key or answers from it, `onSend` stores the first answer.
 *
 * - The first request with a key runs; its answer (status, body) is stored with a fingerprint
 *   of method, path and body. A retry of the same request gets that answer again with
 *   `Idempotent-Replayed: true` and nothing runs twice; the same key with another request is
 *   422 IDEMPOTENCY_KEY_REUSED.
 * - A duplicate sent while the first still runs waits for its answer (polling the row, up to
 *   SELLER_API_LIMITS.idempotencyWaitMs), then 409 IDEMPOTENCY_IN_PROGRESS.
 * - A 5xx is not stored: the key is released so a retry may run. Refusals before the handler
 *   (401, 403, 429, a body that fails its schema) never claim the key.
 * - A key whose request never answered (its process died past the lease) is 409
 *   IDEMPOTENCY_ABANDONED: the work may have been done, so it is never run again silently.
 * - Keys are per token owner and forgotten after 24 h (pruned a batch at a time).
 */
export function createIdempotency({ clock, background, repository, log }: IdempotencyDeps) {
  const claims = new WeakMap<FastifyRequest, IdempotencyClaim>();
  let prunedAt = Number.NEGATIVE_INFINITY;

  function pruneNowAndThen(now: number): void {
    if (now - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = now;
    background.run('idempotency-prune', () =>
      repository.prune(now - SELLER_API_LIMITS.idempotencyTtlMs, PRUNE_BATCH),
    );
  }

  function fingerprintOf(request: FastifyRequest): string {
    return sha256Hex(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`);
  }

  async function preHandler(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    if (request.method !== 'POST') return;
    const key = request.headers['idempotency-key'];
    if (key === undefined) return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      throw new BadRequestError(text.idempotencyKeyInvalid, 'IDEMPOTENCY_KEY_INVALID');
    }
    // Only v1 routes, all behind requireApiToken, reach here with a key.
    if (!request.apiAuth) return;
    const claim: IdempotencyClaim = { ownerId: request.apiAuth.ownerId, key };
    const fingerprint = fingerprintOf(request);
    const giveUpAt = Date.now() + SELLER_API_LIMITS.idempotencyWaitMs;

    for (;;) {
      const now = clock.now();
      const claimed = await repository.claim({
        ...claim,
        fingerprint,
        now,
        lockedUntil: now + SELLER_API_LIMITS.idempotencyLeaseMs,
      });
      if (claimed) {
        claims.set(request, claim);
        pruneNowAndThen(now);
        return;
      }
      const row = await repository.find(claim);
      // Released (the first answered 5xx) or pruned meanwhile: try to take it.
      if (!row) {
        if (Date.now() >= giveUpAt) {
          throw new ConflictError(text.idempotencyInProgress, 'IDEMPOTENCY_IN_PROGRESS');
        }
        continue;
      }
      if (row.created_at <= now - SELLER_API_LIMITS.idempotencyTtlMs) {
        await repository.deleteIfOlder(claim, now - SELLER_API_LIMITS.idempotencyTtlMs + 1);
        continue;
      }
      if (row.fingerprint !== fingerprint) {
        throw new UnprocessableError(text.idempotencyKeyReused, 'IDEMPOTENCY_KEY_REUSED');
      }
      if (row.status_code !== null) {
        return reply
          .code(row.status_code)
          .header('idempotent-replayed', 'true')
          .type('application/json; charset=utf-8')
          .send(row.response_body ?? '');
      }
      if (row.locked_until <= now) {
        throw new ConflictError(text.idempotencyAbandoned, 'IDEMPOTENCY_ABANDONED');
      }
      if (Date.now() >= giveUpAt) {
        throw new ConflictError(text.idempotencyInProgress, 'IDEMPOTENCY_IN_PROGRESS');
      }
      await sleep(POLL_MS);
    }
  }

  async function onSend(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
  ): Promise<unknown> {
    const claim = claims.get(request);
    if (!claim) return payload;
    claims.delete(request);
    try {
      if (reply.statusCode >= 500) await repository.release(claim);
      else if (typeof payload === 'string') {
        await repository.complete(claim, reply.statusCode, payload);
      } else if (Buffer.isBuffer(payload)) {
        await repository.complete(claim, reply.statusCode, payload.toString('utf8'));
      } else {
        // A streamed answer cannot be kept: the key stays pending and is refused as abandoned
        // once its lease ends, rather than letting a retry run the work again.
        log.warn({ url: request.url }, 'idempotent answer not stored: not a JSON body');
      }
    } catch (error) {
      // The work is done and answered; failing to store it leaves the key pending (abandoned
      // after the lease), never a second run.
      log.error({ err: error }, 'idempotent answer not stored');
    }
    return payload;
  }

  return { preHandler, onSend };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
