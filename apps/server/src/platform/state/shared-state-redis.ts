import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { RedisOptions } from 'ioredis';
import { systemClock } from '../core/clock.js';
import { createRecentSet } from './recent-set.js';
import type { SharedRateWindows, SharedState, WindowCount } from './shared-state.js';

/** A command Redis has not answered by then fails (the caller fails open or closed). */
const COMMAND_TIMEOUT_MS = 500;
const CONNECT_TIMEOUT_MS = 2_000;
/** How long building the app waits for Redis before starting anyway (readiness says 503). */
const FIRST_CONNECT_WAIT_MS = 2_000;
/** Reconnects soon after Redis comes back, without hammering it while it is down. */
const RETRY_CEILING_MS = 1_000;
/** A Redis outage is logged once in this long per kind of use, not once per request. */
const REPORT_EVERY_MS = 10_000;

/**
 * One rate-limit window: counted (or only read, for 0 calls) and given its expiry on the first
 * hit, atomically, so every node increments one counter and one reset time.
 */
const RATE_HIT_SCRIPT = `
local count
if ARGV[1] == '0' then
  count = tonumber(redis.call('GET', KEYS[1]) or '0')
else
  count = redis.call('INCRBY', KEYS[1], ARGV[1])
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl == -1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {count, ttl}
`;

interface ChaveiroCommands {
  chaveiroRateHit(key: string, calls: number, windowMs: number): Promise<[number, number]>;
}

export interface RedisSharedStateOptions {
  url: string;
  /** Put before every key and channel, so several installs can share one Redis. */
  keyPrefix: string;
  log: FastifyBaseLogger;
}

/**
 * Shared state in Redis: a command connection (auto-pipelined: a heartbeat's rate-limit hit and
 * nonce claim go out together) and a subscriber connection for cache announcements. Commands
 * fail at once while Redis is unreachable (no offline queue) and after COMMAND_TIMEOUT_MS when
 * it hangs, so no request waits on it for long; each use decides to fail open or closed.
 */
export async function createRedisSharedState({
  url,
  keyPrefix,
  log,
}: RedisSharedStateOptions): Promise<SharedState> {
  const options: RedisOptions = {
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    enableAutoPipelining: true,
    enableOfflineQueue: false,
    retryStrategy: (attempt) => Math.min(attempt * 100, RETRY_CEILING_MS),
  };
  const redis = new Redis(url, options) as Redis & ChaveiroCommands;
  redis.defineCommand('chaveiroRateHit', { numberOfKeys: 1, lua: RATE_HIT_SCRIPT });
  // The subscriber queues its SUBSCRIBE until connected, however long Redis is down at start,
  // and resubscribes after a reconnect.
  const subscriber = new Redis(url, {
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: null,
    retryStrategy: options.retryStrategy,
  });

  const lastReported = new Map<string, number>();
  function reportUnavailable(logger: FastifyBaseLogger, what: string, error: unknown): void {
    const now = Date.now();
    if (now - (lastReported.get(what) ?? 0) < REPORT_EVERY_MS) return;
    lastReported.set(what, now);
    logger.warn({ err: error, use: what }, 'Redis did not answer');
  }
  redis.on('error', (error) => reportUnavailable(log, 'connection', error));
  subscriber.on('error', (error) => reportUnavailable(log, 'subscriber', error));

  // Cache announcements: `<node>:<cache>` on one channel; a node ignores its own.
  const channel = `${keyPrefix}cache-cleared`;
  const node = randomUUID();
  const droppers = new Map<string, (() => void)[]>();
  subscriber.on('message', (_channel: string, message: string) => {
    const separator = message.indexOf(':');
    if (message.slice(0, separator) === node) return;
    for (const drop of droppers.get(message.slice(separator + 1)) ?? []) drop();
  });
  subscriber.on('ready', () => {
    // (Re)connected: announcements sent while this node was not listening were lost, so every
    // copy is dropped (on the first connection there is little or nothing to drop).
    for (const drops of droppers.values()) for (const drop of drops) drop();
  });
  const subscribed = subscriber.subscribe(channel).then(
    () => undefined,
    (error: unknown) => reportUnavailable(log, 'subscriber', error),
  );

  const ruleNames = new Map<string, object>();
  const rateWindows: SharedRateWindows = {
    forRule(rule) {
      const owner = ruleNames.get(rule.name);
      if (owner && owner !== rule) {
        log.error({ rule: rule.name }, 'two rate-limit rules share a name, and so their windows');
      }
      ruleNames.set(rule.name, rule);
      const prefix = `${keyPrefix}rate:${rule.name}:`;
      return async (key, calls): Promise<WindowCount> => {
        const [count, ttl] = await redis.chaveiroRateHit(prefix + key, calls, rule.windowMs);
        return { count, resetInMs: ttl > 0 ? ttl : rule.windowMs };
      };
    },
    reportUnavailable,
  };

  await waitForFirstConnection(Promise.all([ready(redis), subscribed]), log);

  return {
    kind: 'redis',
    rateWindows,
    claimSet(name, options) {
      const prefix = `${keyPrefix}claim:${name}:`;
      // While Redis does not answer, values are claimed in this node's memory: a loader keeps
      // working through a Redis outage, and a replay is still refused by the node that saw the
      // value (only a replay sent to another node during the outage could pass).
      const local = createRecentSet(systemClock, options);
      return {
        claim: async (value) => {
          try {
            return (await redis.set(prefix + value, '1', 'PX', options.ttlMs, 'NX')) === 'OK';
          } catch (error) {
            reportUnavailable(log, `claim ${name}`, error);
            return local.claim(value);
          }
        },
      };
    },
    announceCleared(name) {
      redis
        .publish(channel, `${node}:${name}`)
        .catch((error: unknown) => reportUnavailable(log, 'cache announcement', error));
    },
    onCleared(name, drop) {
      const drops = droppers.get(name) ?? [];
      drops.push(drop);
      droppers.set(name, drops);
    },
    ping(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      const answered = redis.ping().then(
        (reply) => reply === 'PONG',
        () => false,
      );
      return Promise.race([answered, late]).finally(() => clearTimeout(timer));
    },
    close() {
      redis.disconnect();
      subscriber.disconnect();
      return Promise.resolve();
    },
  };
}

/**
 * Commands fail while not connected (no offline queue): the app's first requests must not find
 * Redis still connecting, nor its first announcements go out before this node listens. A Redis
 * down at start delays it by FIRST_CONNECT_WAIT_MS at most; the readiness probe then answers
 * 503 until it connects.
 */
function waitForFirstConnection(
  connected: Promise<unknown>,
  log: FastifyBaseLogger,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), FIRST_CONNECT_WAIT_MS);
  });
  return Promise.race([connected, late]).then((outcome) => {
    clearTimeout(timer);
    if (outcome === 'late') {
      log.warn('Redis is not answering yet: starting without it (readiness answers 503)');
    }
  });
}

/** Resolves once the connection is ready for commands (never rejects: it keeps retrying). */
function ready(redis: Redis): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => redis.once('ready', () => resolve()));
}
