import { createHmac } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_SIGNATURE_HEADER,
  webhookDeliveryErrors,
} from '@chaveiro/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/core/context.js';
import { createDeliveryQueue } from '../../platform/jobs/delivery-queue.js';
import {
  AddressNotAllowedError,
  HostNotFoundError,
  OutboundTimeoutError,
  guardedPost,
} from '../../platform/http/outbound-http.js';
import type { PostResult } from '../../platform/http/outbound-http.js';
import { createPeriodicJob } from '../../platform/jobs/periodic-job.js';
import { discordMessage } from './discord.js';
import type { WebhookBody } from './webhook-payloads.js';
import type {
  AttemptOutcome,
  ClaimedWebhookDelivery,
  EndpointRow,
  WebhooksRepository,
} from './webhooks-repository.js';

/** How often due deliveries are looked for (a fan-out also kicks a pass at once). */
export const WEBHOOK_POLL_INTERVAL_MS = 5_000;
/** Deliveries claimed per batch; they are sent side by side. */
const BATCH = 20;
/** Longer than one attempt can take: a crashed dispatcher's claims are taken over after it. */
const LEASE_MS = WEBHOOK_LIMITS.timeoutMs * 12;
/** After a fan-out commits (the handler runs inside its transaction): then a pass. */
const KICK_DELAY_MS = 200;
/**
 * Retry backoff: 30 s doubling, capped at 1 h, ±20 % jitter; no count of attempts ends it, the
 * delivery's 24 h window does.
 */
const RETRY = {
  maxAttempts: Infinity,
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  jitter: 0.2,
};
/** How often deliveries a disabled endpoint held past their window are marked failed. */
const SWEEP_EVERY_MS = 60_000;
/** Finished deliveries stay in the log this long, then are deleted (at most PRUNE_BATCH an hour). */
export const WEBHOOK_LOG_RETENTION_MS = 30 * 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;
const PRUNE_BATCH = 1_000;
/** Bytes of an answer read: enough for the excerpt in any UTF-8. */
const MAX_RESPONSE_BYTES = WEBHOOK_LIMITS.responseExcerptMax * 4;

export const WEBHOOK_USER_AGENT = 'Chaveiro-Webhooks/1';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with the endpoint's secret. */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret)
    .update(`${String(unixSeconds)}.${body}`)
    .digest('hex');
  return `t=${String(unixSeconds)},v1=${mac}`;
}

/** What one attempt saw, stored with its outcome. */
type AttemptFacts = Omit<AttemptOutcome, 'status' | 'nextAttemptAt'>;

export interface WebhookDispatcherDeps extends Pick<AppContext, 'clock' | 'jobLeases'> {
  repository: WebhooksRepository;
  db: AppContext['db'];
  /** Lets endpoints on private addresses through (WEBHOOKS_ALLOW_PRIVATE_URLS). */
  allowPrivate: boolean;
  /** Sends Discord endpoints' requests to this origin instead (WEBHOOKS_DISCORD_API_URL). */
  discordApiUrl: string | undefined;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/**
 * The periodic job that sends due webhook deliveries: claims them with a lease (the delivery
 * queue the outbox uses too, platform/jobs/delivery-queue.ts), POSTs each signed body through the
 * SSRF guard and records the outcome: 2xx succeeded; anything else retried with backoff until
 * the delivery's window (24 h) ends, then failed. Every time decision reads the app's clock.
 * `runOnce()` runs a pass now (tests); `kick()` asks for one shortly (after a fan-out, a test
 * event, a resend); `requeue(id)` is "Reenviar".
 */
export function createWebhookDispatcher(deps: WebhookDispatcherDeps) {
  const { clock, repository, db, log } = deps;
  const queue = createDeliveryQueue<ClaimedWebhookDelivery, undefined, AttemptFacts, string>({
    db,
    clock,
    leaseMs: LEASE_MS,
    batchSize: BATCH,
    retry: RETRY,
    store: {
      hasDue: (now) => repository.hasDue(now),
      claim: (trx, lease) => repository.claim(trx, lease),
      fail: (claimed, verdict, facts) =>
        repository.recordAttempt(
          claimed,
          verdict.status === 'retry'
            ? { ...facts, status: 'pending', nextAttemptAt: verdict.nextAttemptAt }
            : {
                ...facts,
                status: 'failed',
                nextAttemptAt: null,
                error: `${facts.error ?? ''} ${webhookDeliveryErrors.windowOver}`.trim(),
              },
        ),
      // Whatever its status: the same body again now, with a fresh window.
      requeue: (id, now, executor = db) =>
        repository.resend(executor, id, now, now + WEBHOOK_LIMITS.retryWindowMs),
    },
  });
  /** The pass a kick asked for, not started yet: later kicks ride on it. */
  let kickTimer: NodeJS.Timeout | undefined;
  let stopped = false;
  let nextSweepAt = 0;
  let nextPruneAt = 0;

  function targetUrl(endpoint: EndpointRow): URL {
    const url = new URL(endpoint.url);
    if (endpoint.format !== 'discord' || !deps.discordApiUrl) return url;
    return new URL(`${url.pathname}${url.search}`, deps.discordApiUrl);
  }

  function bodyFor(endpoint: EndpointRow, stored: string): string {
    if (endpoint.format !== 'discord') return stored;
    const message = discordMessage(JSON.parse(stored) as WebhookBody);
    // `wait=true` is not needed: Discord answers 204 when it took the message.
    return JSON.stringify(message);
  }

  /** Sends one delivery and records the outcome; false when its lease had been taken over. */
  async function attempt(claimed: ClaimedWebhookDelivery, endpoint: EndpointRow): Promise<boolean> {
    const startedAt = clock.now();
    const body = bodyFor(endpoint, claimed.payload);
    const started = performance.now();
    let result: PostResult | undefined;
    let error: string | null = null;
    try {
      result = await guardedPost(targetUrl(endpoint), {
        allowPrivate: deps.allowPrivate,
        timeoutMs: WEBHOOK_LIMITS.timeoutMs,
        maxResponseBytes: MAX_RESPONSE_BYTES,
        body,
        headers: {
          'content-type': 'application/json',
          'user-agent': WEBHOOK_USER_AGENT,
          [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: signatureHeader(
            endpoint.secret,
            body,
            Math.floor(startedAt / 1000),
          ),
          'chaveiro-event-id': claimed.eventId,
          'chaveiro-event-type': claimed.eventType,
        },
      });
    } catch (cause) {
      error = describeError(cause);
    }
    const durationMs = Math.round(performance.now() - started);
    const status = result?.status ?? null;
    const excerpt = result ? result.body.slice(0, WEBHOOK_LIMITS.responseExcerptMax) : null;
    const facts = { at: clock.now(), responseStatus: status, durationMs, responseExcerpt: excerpt };

    if (status !== null && status >= 200 && status < 300) {
      return repository.recordAttempt(claimed, {
        ...facts,
        status: 'succeeded',
        nextAttemptAt: null,
        error: null,
      });
    }
    if (status !== null) {
      error =
        status >= 300 && status < 400
          ? webhookDeliveryErrors.redirect(status)
          : webhookDeliveryErrors.status(status);
    }
    // A rate limit says when to come back (at least a second from now).
    const waitMs =
      status === 429 && result
        ? Math.max(1_000, retryAfterMs(result) ?? queue.backoff(claimed.attempts))
        : undefined;
    return (await queue.fail(claimed, { ...facts, error }, { waitMs })).recorded;
  }

  async function sendOne(
    claimed: ClaimedWebhookDelivery,
    endpoint: EndpointRow | undefined,
  ): Promise<void> {
    if (!endpoint) return; // Deleted meanwhile: its deliveries went with it.
    if (!(await attempt(claimed, endpoint))) {
      log.warn({ deliveryId: claimed.id }, 'webhook delivery lease ran out before its outcome');
    }
  }

  async function sendBatch(claims: ClaimedWebhookDelivery[]): Promise<void> {
    const endpoints = new Map(
      (await repository.endpointsByIds([...new Set(claims.map((c) => c.endpointId))])).map(
        (row) => [row.id, row],
      ),
    );
    await Promise.all(claims.map((claimed) => sendOne(claimed, endpoints.get(claimed.endpointId))));
  }

  /**
   * One pass: fails what outlived its window, prunes the old log, then sends due batches until
   * none is left.
   */
  async function pass(): Promise<number> {
    // A write, so not every pass: a minute late is nothing against a 24 h window.
    if (clock.now() >= nextSweepAt) {
      await repository.failOverdue(clock.now(), webhookDeliveryErrors.endpointDisabled);
      nextSweepAt = clock.now() + SWEEP_EVERY_MS;
    }
    if (clock.now() >= nextPruneAt) {
      const now = clock.now();
      const deleted = await repository.deleteFinishedBefore(
        now - WEBHOOK_LOG_RETENTION_MS,
        PRUNE_BATCH,
      );
      // A full batch: more are waiting, the next pass goes on.
      nextPruneAt = deleted === PRUNE_BATCH ? now : now + PRUNE_EVERY_MS;
    }
    return queue.runDue(sendBatch);
  }

  const job = createPeriodicJob({
    run: pass,
    intervalMs: WEBHOOK_POLL_INTERVAL_MS,
    // The timer polls in one process; a kick's pass runs where the fan-out committed, beside
    // it: deliveries are claimed with tokens, so two passes never send one twice.
    lease: { name: 'webhook-dispatcher', leases: deps.jobLeases },
    onError: (error) => log.error({ err: error }, 'webhook dispatcher failed; trying again'),
  });

  return {
    runOnce: job.runOnce,
    start(): void {
      stopped = false;
      job.start();
    },
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(kickTimer);
      kickTimer = undefined;
      await job.stop();
    },
    /** "Reenviar": the delivery pending again now, whatever its status; false if unknown. */
    requeue: (id: string) => queue.requeue(id),
    /** A pass shortly, after the caller's transaction committed (never while stopped). */
    kick(): void {
      if (stopped || kickTimer) return;
      kickTimer = setTimeout(() => {
        kickTimer = undefined;
        if (stopped) return;
        job.runOnce().catch((error: unknown) => {
          log.error({ err: error }, 'webhook dispatcher failed; trying again');
        });
      }, KICK_DELAY_MS);
      kickTimer.unref();
    },
  };
}

export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>;

/** Discord's (and others') `retry_after` in seconds, from the JSON answer or the header. */
function retryAfterMs(result: PostResult): number | null {
  try {
    const parsed = JSON.parse(result.body) as { retry_after?: unknown };
    if (typeof parsed.retry_after === 'number') return Math.ceil(parsed.retry_after * 1000);
  } catch {
    // Not JSON: the header below.
  }
  const header = Number(result.headers['retry-after']);
  return Number.isFinite(header) && header >= 0 ? header * 1000 : null;
}

function describeError(cause: unknown): string {
  if (cause instanceof OutboundTimeoutError) return webhookDeliveryErrors.timeout;
  if (cause instanceof AddressNotAllowedError) return webhookDeliveryErrors.addressNotAllowed;
  if (cause instanceof HostNotFoundError) return webhookDeliveryErrors.hostNotFound;
  const code = (cause as NodeJS.ErrnoException).code;
  return webhookDeliveryErrors.network(code ?? (cause instanceof Error ? cause.message : 'erro'));
}
