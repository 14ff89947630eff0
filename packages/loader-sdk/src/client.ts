import { createNonce, sha256Hex } from './encoding.js';
import {
  LoaderError,
  LoaderNetworkError,
  LoaderRefusedError,
  LoaderStateError,
  LoaderVerificationError,
  productStatusOf,
} from './errors.js';
import type { RetryOptions, RetryPolicy } from './retry.js';
import {
  backoffDelay,
  DEFAULT_RETRY,
  GATEWAY_STATUSES,
  heartbeatRetryDelay,
  isTransient,
} from './retry.js';
import type { TrustedKey } from './verify.js';
import { importTrustedKey, verifyAnswer } from './verify.js';

export const LOADER_PATHS = {
  publicKey: '/api/loader/public-key',
  auth: '/api/loader/auth',
  heartbeat: '/api/loader/heartbeat',
  download: '/api/loader/download',
} as const;

export interface LoaderClientOptions {
  /** Where Chaveiro runs, e.g. `https://painel.exemplo.com`. */
  serverUrl: string;
  productId: string;
  /**
   * The keys answers must be signed with. Ship (pin) them with the loader; `fetchPublicKeys`
   * gets them from the server itself, which only trusts whoever answers the first time.
   */
  trustedKeys: readonly TrustedKey[];
  /** The client's clock, for the 5-minute freshness check. Defaults to `Date.now`. */
  clock?: () => Date | number;
  fetch?: typeof globalThis.fetch;
  /** Per auth/heartbeat request. Default 15 s. */
  timeoutMs?: number;
  /** For the file download. Default 5 min. */
  downloadTimeoutMs?: number;
  /** How transient failures are retried: backoff, jitter, auth attempts. */
  retry?: RetryOptions;
  /** The timers the heartbeat loop and the retries wait with. Defaults to the global ones. */
  timers?: LoaderTimers;
}

export interface LoaderTimers {
  setTimeout(callback: () => void, delayMs: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** One failed attempt that will be tried again after `nextDelayMs`. */
export interface RetryStatus {
  /** Why the attempt failed: a network error, a gateway page, or a signed "not now". */
  error: LoaderError;
  /** Failures in a row so far, 1 for the first. */
  attempt: number;
  nextDelayMs: number;
}

export interface AuthOptions {
  /** Called before each retry of a transient failure. */
  onRetry?: (status: RetryStatus) => void;
}

export interface AuthCredentials {
  /** The machine's stable hardware id: 8 to 128 characters of `[A-Za-z0-9._:-]`. */
  hwid: string;
  key?: string;
  /** Username or e-mail; with `password` (and `totp` when 2FA is on). */
  identifier?: string;
  password?: string;
  totp?: string;
}

export interface LoaderFile {
  /** Lower-case hex SHA-256 of the file the download must match. */
  sha256: string;
  size: number;
  name: string;
}

export interface AuthResult {
  session: string;
  sessionExpiresAt: string;
  heartbeatSeconds: number;
  subscription: { id: string; product: { id: string; name: string }; expiresAt: string };
  user: { username: string };
  file: LoaderFile | null;
}

export interface HeartbeatResult {
  session: string;
  sessionExpiresAt: string;
  /** When the subscription runs out. */
  expiresAt: string;
}

export interface DownloadResult extends LoaderFile {
  bytes: Uint8Array;
}

export type HeartbeatStatus =
  | { type: 'renewed'; result: HeartbeatResult }
  /**
   * A transient failure (network error, timeout, a gateway's unsigned 5xx, or a signed
   * RATE_LIMITED, INTERNAL_ERROR, CONFLICT or NONCE_REUSED): the same heartbeat is sent again
   * after `nextDelayMs`, with a new nonce, while the session is still valid.
   */
  | ({ type: 'retrying' } & RetryStatus);

export interface HeartbeatHandlers {
  onStatus?: (status: HeartbeatStatus) => void;
  /** The session is over: a final refusal, an untrustworthy answer, or failures past its expiry. */
  onEnd?: (error: Error) => void;
  /** Send the first heartbeat at once instead of after `heartbeatSeconds`. Default true. */
  immediate?: boolean;
}

export interface HeartbeatLoop {
  stop(): void;
}

export interface LoaderClient {
  /** Retries transient failures a few times (not with `totp`: the code is single-use). */
  auth(credentials: AuthCredentials, options?: AuthOptions): Promise<AuthResult>;
  /** Renews the session once; the client keeps the renewed token. */
  heartbeat(): Promise<HeartbeatResult>;
  /**
   * Heartbeats every `heartbeatSeconds` until `stop()` or the session ends; a transient failure
   * is retried with backoff until the session's own expiry.
   */
  startHeartbeats(handlers?: HeartbeatHandlers): HeartbeatLoop;
  /** The product file, checked against the SHA-256 and size the signed auth answer named. */
  download(): Promise<DownloadResult>;
}

interface SessionState {
  token: string;
  expiresAt: number;
  heartbeatSeconds: number;
  file: LoaderFile | null;
}

export function createLoaderClient(options: LoaderClientOptions): LoaderClient {
  if (options.trustedKeys.length === 0) {
    throw new TypeError('trustedKeys is empty: pin the server key or use fetchPublicKeys().');
  }
  const base = options.serverUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const clock = options.clock ?? Date.now;
  const now = () => {
    const value = clock();
    return typeof value === 'number' ? value : value.getTime();
  };
  const timeoutMs = options.timeoutMs ?? 15_000;
  const downloadTimeoutMs = options.downloadTimeoutMs ?? 5 * 60_000;
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const timers: LoaderTimers = options.timers ?? {
    setTimeout: (callback, delayMs) => globalThis.setTimeout(callback, delayMs),
    clearTimeout: (handle) => {
      globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>);
    },
  };
  const sleep = (delayMs: number) =>
    new Promise<void>((resolve) => timers.setTimeout(resolve, delayMs));
  let state: SessionState | undefined;

  /** One signed call: a fresh nonce out, a verified envelope back, a refusal thrown. */
  async function call(
    path: string,
    body: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    const nonce = createNonce();
    const response = await send(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ ...body, nonce }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const bytes = await readBytes(response);
    return openEnvelope(response, bytes, `POST ${path}`, nonce);
  }

  /**
   * A verified envelope's data, a refusal thrown; an answer that does not verify is a
   * LoaderVerificationError, except with a gateway status: a load balancer's own error page
   * (or a node dying mid-answer) is no answer, so it is a network error and nothing in it counts.
   */
  async function openEnvelope(
    response: Response,
    bytes: Uint8Array,
    request: string,
    nonce: string,
  ): Promise<Record<string, unknown>> {
    try {
      return await openVerified(response, bytes, request, nonce);
    } catch (error) {
      if (error instanceof LoaderVerificationError && GATEWAY_STATUSES.has(response.status)) {
        throw new LoaderNetworkError('NETWORK_ERROR', {
          cause: new Error(
            `${request} answered HTTP ${String(response.status)} without a valid signature (${error.code}: ${error.detail})`,
          ),
        });
      }
      throw error;
    }
  }

  async function openVerified(
    response: Response,
    bytes: Uint8Array,
    request: string,
    nonce: string,
  ): Promise<Record<string, unknown>> {
    const envelope = await verifyAnswer(
      bytes,
      response.headers.get('x-signature'),
      { request, nonce, now: now() },
      options.trustedKeys,
    );
    if (!envelope.data.ok) {
      const product = productStatusOf((envelope.data as { product?: unknown }).product);
      throw new LoaderRefusedError(envelope.data.code, envelope.data.message, response.status, {
        retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
        ...(product && { product }),
      });
    }
    return envelope.data;
  }

  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(url, init);
    } catch (error) {
      throw networkError(error);
    }
  }

  function requireSession(): SessionState {
    if (!state) throw new LoaderStateError();
    return state;
  }

  async function auth(
    credentials: AuthCredentials,
    { onRetry }: AuthOptions = {},
  ): Promise<AuthResult> {
    // Binding this HWID again and redeeming a key into the same account again are no-ops on the
    // server, so a retry is safe; a TOTP step or recovery code is spent by the first attempt
    // that reached a node, so a retry could only be refused as a wrong code.
    const attempts = credentials.totp === undefined ? Math.max(1, policy.authAttempts) : 1;
    let data: Record<string, unknown>;
    for (let failures = 0; ;) {
      try {
        data = await call(LOADER_PATHS.auth, {
          productId: options.productId,
          hwid: credentials.hwid,
          key: credentials.key,
          identifier: credentials.identifier,
          password: credentials.password,
          totp: credentials.totp,
        });
        break;
      } catch (error) {
        failures += 1;
        // Auth rate limits count over minutes: a retry within seconds would only spend more.
        const limited = error instanceof LoaderRefusedError && error.code === 'RATE_LIMITED';
        if (failures >= attempts || limited || !isTransient(error)) throw error;
        const nextDelayMs = backoffDelay(failures, policy);
        onRetry?.({ error, attempt: failures, nextDelayMs });
        await sleep(nextDelayMs);
      }
    }
    const result = readAuth(data);
    state = {
      token: result.session,
      expiresAt: Date.parse(result.sessionExpiresAt),
      heartbeatSeconds: result.heartbeatSeconds,
      file: result.file,
    };
    return result;
  }

  async function heartbeat(): Promise<HeartbeatResult> {
    const session = requireSession();
    const data = await call(LOADER_PATHS.heartbeat, { session: session.token });
    const result = readHeartbeat(data);
    session.token = result.session;
    session.expiresAt = Date.parse(result.sessionExpiresAt);
    return result;
  }

  function startHeartbeats({
    onStatus,
    onEnd,
    immediate = true,
  }: HeartbeatHandlers = {}): HeartbeatLoop {
    const session = requireSession();
    const intervalMs = session.heartbeatSeconds * 1000;
    let stopped = false;
    let timer: unknown;
    let failures = 0;

    const schedule = (delayMs: number) => {
      timer = timers.setTimeout(() => void beat(), delayMs);
    };
    const beat = async () => {
      try {
        const result = await heartbeat();
        if (stopped) return;
        failures = 0;
        onStatus?.({ type: 'renewed', result });
        schedule(intervalMs);
      } catch (error) {
        if (stopped) return;
        if (isTransient(error)) {
          failures += 1;
          // Past its expiry the server has forgotten the session; retrying cannot revive it.
          const nextDelayMs = heartbeatRetryDelay(
            failures,
            policy,
            intervalMs,
            (state?.expiresAt ?? 0) - now(),
            error instanceof LoaderRefusedError ? error.retryAfterMs : undefined,
          );
          if (nextDelayMs !== null) {
            onStatus?.({ type: 'retrying', error, attempt: failures, nextDelayMs });
            schedule(nextDelayMs);
            return;
          }
        }
        stopped = true;
        onEnd?.(error instanceof Error ? error : new Error(String(error)));
      }
    };

    schedule(immediate ? 0 : intervalMs);
    return {
      stop() {
        stopped = true;
        timers.clearTimeout(timer);
      },
    };
  }

  async function download(): Promise<DownloadResult> {
    const session = requireSession();
    const nonce = createNonce();
    const response = await send(
      `${base}${LOADER_PATHS.download}?nonce=${encodeURIComponent(nonce)}`,
      {
        // The bearer header keeps the session token out of URLs and access logs.
        headers: { authorization: `Bearer ${session.token}` },
        signal: AbortSignal.timeout(downloadTimeoutMs),
      },
    );
    const bytes = await readBytes(response);

    // Refusals are signed envelopes; file bytes are not, and are trusted through auth's sha256.
    if (response.headers.has('x-signature') || !response.ok) {
      await openEnvelope(response, bytes, `GET ${LOADER_PATHS.download}`, nonce);
      throw new LoaderVerificationError('MALFORMED_ANSWER', 'a signed success instead of a file');
    }
    const expected = session.file;
    if (!expected) {
      throw new LoaderVerificationError('FILE_MISMATCH', 'auth named no file; authenticate again');
    }
    const sha256 = await sha256Hex(bytes);
    if (sha256 !== expected.sha256.toLowerCase() || bytes.length !== expected.size) {
      throw new LoaderVerificationError(
        'FILE_MISMATCH',
        `got ${String(bytes.length)} bytes with sha256 ${sha256}, expected ${String(expected.size)} bytes with ${expected.sha256}`,
      );
    }
    return { bytes, sha256, size: bytes.length, name: expected.name };
  }

  return { auth, heartbeat, startHeartbeats, download };
}

/** The server's current key and the retired ones it still publishes. Unsigned: see README. */
export async function fetchPublicKeys(
  serverUrl: string,
  options: { fetch?: typeof globalThis.fetch; timeoutMs?: number } = {},
): Promise<TrustedKey[]> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  let json: unknown;
  try {
    const response = await doFetch(`${serverUrl.replace(/\/+$/, '')}${LOADER_PATHS.publicKey}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    if (!response.ok) {
      throw new LoaderNetworkError('NETWORK_ERROR', {
        cause: new Error(`GET ${LOADER_PATHS.publicKey} answered ${String(response.status)}`),
      });
    }
    json = await response.json();
  } catch (error) {
    throw networkError(error);
  }
  const keys: TrustedKey[] = [];
  if (isRecord(json)) {
    const previous = Array.isArray(json.previous) ? (json.previous as unknown[]) : [];
    for (const entry of [json, ...previous]) {
      if (
        isRecord(entry) &&
        typeof entry.keyId === 'string' &&
        typeof entry.publicKey === 'string'
      ) {
        keys.push({ keyId: entry.keyId, publicKey: entry.publicKey });
      }
    }
  }
  if (keys.length === 0) {
    throw new LoaderVerificationError('MALFORMED_ANSWER', 'the public-key answer lists no key');
  }
  for (const key of keys) {
    try {
      await importTrustedKey(key);
    } catch (error) {
      throw new LoaderVerificationError('MALFORMED_ANSWER', (error as Error).message);
    }
  }
  return keys;
}

function networkError(error: unknown): LoaderError {
  if (error instanceof LoaderError) return error;
  const timedOut = error instanceof Error && error.name === 'TimeoutError';
  return new LoaderNetworkError(timedOut ? 'TIMEOUT' : 'NETWORK_ERROR', { cause: error });
}

async function readBytes(response: Response): Promise<Uint8Array> {
  try {
    return new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    throw networkError(error);
  }
}

/** `Retry-After` in whole seconds, as the server sends it; an HTTP date or garbage is ignored. */
function retryAfterMs(header: string | null): number | undefined {
  return header !== null && /^\d{1,6}$/.test(header.trim())
    ? Number(header.trim()) * 1000
    : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function malformed(detail: string): never {
  throw new LoaderVerificationError('MALFORMED_ANSWER', detail);
}

/** The fields the client relies on; the rest is signed by the server and passed through. */
function readAuth(data: Record<string, unknown>): AuthResult {
  const { session, sessionExpiresAt, heartbeatSeconds, subscription, user, file } = data;
  if (typeof session !== 'string' || session === '') malformed('auth: no session');
  if (typeof sessionExpiresAt !== 'string') malformed('auth: no sessionExpiresAt');
  if (typeof heartbeatSeconds !== 'number' || !(heartbeatSeconds > 0)) {
    malformed('auth: no heartbeatSeconds');
  }
  if (!isRecord(subscription) || !isRecord(subscription.product) || !isRecord(user)) {
    malformed('auth: no subscription or user');
  }
  if (
    file !== null &&
    !(
      isRecord(file) &&
      typeof file.sha256 === 'string' &&
      /^[0-9a-fA-F]{64}$/.test(file.sha256) &&
      typeof file.size === 'number' &&
      typeof file.name === 'string'
    )
  ) {
    malformed('auth: file is not { sha256, size, name } or null');
  }
  return {
    session,
    sessionExpiresAt,
    heartbeatSeconds,
    subscription: subscription as AuthResult['subscription'],
    user: user as AuthResult['user'],
    file: file as LoaderFile | null,
  };
}

function readHeartbeat(data: Record<string, unknown>): HeartbeatResult {
  const { session, sessionExpiresAt, expiresAt } = data;
  if (typeof session !== 'string' || session === '') malformed('heartbeat: no session');
  if (typeof sessionExpiresAt !== 'string' || typeof expiresAt !== 'string') {
    malformed('heartbeat: no sessionExpiresAt or expiresAt');
  }
  return { session, sessionExpiresAt, expiresAt };
}
