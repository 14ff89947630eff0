import { createNonce, encodeBase64, sha256Hex } from './encoding.js';
import {
  LoaderError,
  LoaderNetworkError,
  LoaderOfflineExpiredError,
  LoaderRefusedError,
  LoaderStateError,
  LoaderVerificationError,
  loaderOfferOf,
  productStatusOf,
} from './errors.js';
import type { LoaderCrypto, SessionKeyPair } from './loader-crypto.js';
import type { OfflineGrant, OfflineRecord, OfflineStore, OfflineTokenPayload } from './offline.js';
import {
  checkOfflineToken,
  offlineStoreKey,
  openOfflineRecord,
  sealOfflineRecord,
} from './offline.js';
import { SEALED_CONTENT_TYPE, SealedOpener } from './sealed.js';
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
  update: '/api/loader/update',
  securityEvent: '/api/loader/security-event',
} as const;

/** Client-side signals a loader may report (`reportSecurityEvent`). */
export const SECURITY_EVENT_KINDS = ['debugger', 'hooked_api', 'self_check_failed'] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/** What the loader reports about itself at auth (docs/loader-protocol.md, "Loader report"). */
export interface LoaderReport {
  /** The version the seller compiled in: 1 to 32 of `[0-9A-Za-z.+_-]`. */
  version: string;
  /** Lower-case hex SHA-256 of the running executable, or a function that computes it once. */
  sha256: string | (() => Promise<string>);
}

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
  /**
   * libsodium primitives (`sodiumCrypto` from `@chaveiro/loader-sdk/node`). With them the client
   * makes an X25519 key pair in memory, sends it as `sessionKey` and opens sealed downloads;
   * without them it can only download products whose "entrega protegida" is off.
   */
  crypto?: LoaderCrypto;
  /** The loader's version and executable hash, sent at auth (LOADER_OUTDATED, LOADER_MODIFIED). */
  loader?: LoaderReport;
  /**
   * Where to keep the offline licence (encrypted, bound to this machine); needs `crypto`. With
   * it, auth and the heartbeat loop fall back to the licence while the server is unreachable.
   */
  offlineStore?: OfflineStore;
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
  /** Lower-case hex SHA-256 of the file the download must match (this delivery's marked copy). */
  sha256: string;
  size: number;
  name: string;
  /** This delivery's id (UUID); absent from older servers. */
  delivery?: string;
  /** True when the download is sealed to the session key (CHVSEAL1). */
  protected?: boolean;
}

export interface AuthResult {
  /**
   * True when the server could not be reached and a stored offline licence stood in: there is
   * no session (`session` is empty, no file), `sessionExpiresAt` is when the licence lapses.
   */
  offline: boolean;
  session: string;
  sessionExpiresAt: string;
  heartbeatSeconds: number;
  subscription: { id: string; product: { id: string; name: string }; expiresAt: string };
  user: { username: string };
  file: LoaderFile | null;
  /** The offline licence the server granted (products with offline grace), null otherwise. */
  offlineGrant: OfflineGrant | null;
}

export interface HeartbeatResult {
  session: string;
  sessionExpiresAt: string;
  /** When the subscription runs out. */
  expiresAt: string;
  /** A renewed offline licence, when the server sent one. */
  offlineGrant?: OfflineGrant;
}

export interface SecurityEventResult {
  /** What the product's rule did: `record`, `end_session`, `blacklist_hwid` or `ban_account`. */
  action: string;
}

/** The current loader's bytes, checked against the signed LOADER_OUTDATED refusal. */
export interface LoaderUpdate {
  bytes: Uint8Array;
  version: string;
  sha256: string;
  size: number;
  name: string;
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
  | ({ type: 'retrying' } & RetryStatus)
  /**
   * The server stays unreachable past the session's expiry and the stored offline licence is
   * valid until `expiresAt`: the loop keeps trying the server every `nextDelayMs`.
   */
  | { type: 'offline'; error: LoaderError; expiresAt: string; nextDelayMs: number }
  /** Back online after running offline: a new session. */
  | { type: 'online'; result: AuthResult };

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
  /**
   * The product file, checked against the SHA-256 and size the signed auth answer named; a sealed
   * download is decrypted in memory with this client's session key (DECRYPT_FAILED otherwise).
   */
  download(): Promise<DownloadResult>;
  /**
   * Reports a client-side signal on the session. When the product's rule does more than record
   * it, the session ends here too: running heartbeat loops end with SESSION_ENDED.
   */
  reportSecurityEvent(kind: SecurityEventKind, detail?: string): Promise<SecurityEventResult>;
  /** The current loader named by a LOADER_OUTDATED refusal, its hash and size checked. */
  downloadLoaderUpdate(refusal: LoaderRefusedError): Promise<LoaderUpdate>;
  /** The X25519 public key sent as `sessionKey` (base64), or null without `crypto`. */
  readonly sessionKey: string | null;
}

interface SessionState {
  /** Empty while running on the offline licence. */
  token: string;
  expiresAt: number;
  heartbeatSeconds: number;
  file: LoaderFile | null;
  offline: boolean;
}

/** Refusals after which a stored offline licence must not be used any more. */
const REVOKING_REFUSALS: ReadonlySet<string> = new Set([
  'ACCOUNT_BANNED',
  'HWID_BLACKLISTED',
  'HWID_RESET',
  'HWID_MISMATCH',
  'NO_SUBSCRIPTION',
  'SUBSCRIPTION_PAUSED',
  'SUBSCRIPTION_EXPIRED',
  'PRODUCT_NOT_FOUND',
  'PRODUCT_DISABLED',
  'KEY_WRONG_PRODUCT',
  'INVALID_KEY',
  'LOADER_MODIFIED',
  'SESSION_ENDED',
]);

/**
 * The server's heartbeat interval (contract LOADER.heartbeatSeconds): how often an auth answered
 * from the offline licence tries the server again when no online session has told this client.
 */
const DEFAULT_HEARTBEAT_SECONDS = 30;

/**
 * The SESSION_ENDED refusal the server would sign at the next heartbeat, raised here at once
 * after a security event: the contract's wording (messages.loader.refusals) and HTTP status,
 * copied so the SDK stays free of the contract package.
 */
const SESSION_ENDED = {
  message: 'Sua sessão foi encerrada por uma regra de segurança deste produto.',
  status: 401,
} as const;

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
  const sodium = options.crypto;
  const offlineStore = sodium ? options.offlineStore : undefined;
  if (options.offlineStore && !sodium) {
    throw new TypeError('offlineStore needs crypto: the licence is kept encrypted.');
  }
  // Made once per client, in memory only: what the sealed downloads are encrypted to.
  const keyPair: SessionKeyPair | undefined = sodium?.boxKeyPair();
  const sessionKey = keyPair ? encodeBase64(keyPair.publicKey) : null;
  let loaderSha256: Promise<string> | undefined;
  /** Credentials kept (without a single-use TOTP) to sign in again after running offline. */
  let lastCredentials: AuthCredentials | undefined;
  /** Running heartbeat loops, ended at once when a security rule ends the session. */
  const loops = new Set<(error: Error) => void>();

  async function loaderReport(): Promise<Record<string, string> | undefined> {
    const report = options.loader;
    if (!report) return undefined;
    const { sha256 } = report;
    loaderSha256 ??= typeof sha256 === 'string' ? Promise.resolve(sha256) : sha256();
    return { sha256: (await loaderSha256).toLowerCase(), version: report.version };
  }

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
      const refusal = envelope.data as { product?: unknown; loader?: unknown };
      const product = productStatusOf(refusal.product);
      const loader = loaderOfferOf(refusal.loader);
      throw new LoaderRefusedError(envelope.data.code, envelope.data.message, response.status, {
        retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
        ...(product && { product }),
        ...(loader && { loader }),
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
    if (state.offline) throw new LoaderStateError('OFFLINE');
    return state;
  }

  // --- Offline licence -------------------------------------------------------------------

  async function readOfflineRecord(hwid: string): Promise<OfflineRecord | null> {
    if (!sodium || !offlineStore) return null;
    const bytes = await offlineStore.read().catch(() => null);
    if (!bytes) return null;
    return openOfflineRecord(sodium, bytes, offlineStoreKey(sodium, hwid, options.productId));
  }

  async function writeOfflineRecord(hwid: string, record: OfflineRecord): Promise<void> {
    if (!sodium || !offlineStore) return;
    const key = offlineStoreKey(sodium, hwid, options.productId);
    // A full disk or a read-only profile only costs the offline grace, never the session.
    await offlineStore.write(sealOfflineRecord(sodium, record, key)).catch(() => undefined);
  }

  async function forgetOfflineLicence(): Promise<void> {
    await offlineStore?.remove().catch(() => undefined);
  }

  /** Keeps a licence the server just granted, once it checks out for this machine. */
  async function keepOfflineGrant(hwid: string, grant: OfflineGrant | null | undefined) {
    if (!offlineStore) return;
    if (grant === null) {
      // The product no longer grants offline time: an older licence must not outlive that.
      await forgetOfflineLicence();
      return;
    }
    if (!grant) return;
    const at = now();
    const checked = await checkOfflineToken(
      grant.token,
      { productId: options.productId, hwid, now: at },
      options.trustedKeys,
    );
    if (!checked.ok) return;
    const previous = await readOfflineRecord(hwid);
    // The signed issuedAt is a time seen too: a clock running slow here must not lower the
    // mark the rollback check measures against.
    const issuedAt = Date.parse(checked.payload.issuedAt);
    const lastSeen = Math.max(at, previous?.lastSeen ?? 0, issuedAt);
    await writeOfflineRecord(hwid, { token: grant.token, lastSeen });
  }

  /**
   * The stored licence when it is valid now (and the clock was not turned back), its lastSeen
   * moved forward; `expired` when it is this machine's licence but lapsed.
   */
  async function validOfflineLicence(
    hwid: string,
  ): Promise<{ payload: OfflineTokenPayload } | { expired: string } | null> {
    const record = await readOfflineRecord(hwid);
    if (!record) return null;
    const at = now();
    const checked = await checkOfflineToken(
      record.token,
      { productId: options.productId, hwid, now: at, lastSeen: record.lastSeen },
      options.trustedKeys,
    );
    if (!checked.ok) {
      return checked.problem === 'expired' && checked.payload
        ? { expired: checked.payload.expiresAt }
        : null;
    }
    if (at > record.lastSeen) await writeOfflineRecord(hwid, { ...record, lastSeen: at });
    return { payload: checked.payload };
  }

  function offlineResult(payload: OfflineTokenPayload): AuthResult {
    return {
      offline: true,
      session: '',
      sessionExpiresAt: payload.expiresAt,
      heartbeatSeconds: state?.heartbeatSeconds ?? DEFAULT_HEARTBEAT_SECONDS,
      subscription: {
        id: payload.subscriptionId,
        // The licence names the product by id only.
        product: { id: payload.productId, name: payload.productId },
        expiresAt: payload.expiresAt,
      },
      user: { username: payload.username },
      file: null,
      offlineGrant: null,
    };
  }

  // --- Auth ------------------------------------------------------------------------------

  async function authOnline(
    credentials: AuthCredentials,
    onRetry: AuthOptions['onRetry'],
    attempts: number,
  ): Promise<AuthResult> {
    const loader = await loaderReport();
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
          ...(sessionKey !== null && { sessionKey }),
          ...(loader && { loader }),
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
    const { result, grant } = readAuth(data);
    state = {
      token: result.session,
      expiresAt: Date.parse(result.sessionExpiresAt),
      heartbeatSeconds: result.heartbeatSeconds,
      file: result.file,
      offline: false,
    };
    // Absent (an older server) leaves the stored licence alone; null removes it.
    await keepOfflineGrant(credentials.hwid, grant);
    return result;
  }

  async function auth(
    credentials: AuthCredentials,
    { onRetry }: AuthOptions = {},
  ): Promise<AuthResult> {
    // Binding this HWID again and redeeming a key into the same account again are no-ops on the
    // server, so a retry is safe; a TOTP step or recovery code is spent by the first attempt
    // that reached a node, so a retry could only be refused as a wrong code.
    const attempts = credentials.totp === undefined ? Math.max(1, policy.authAttempts) : 1;
    const { totp: _spent, ...reusable } = credentials;
    lastCredentials = reusable;
    try {
      return await authOnline(credentials, onRetry, attempts);
    } catch (error) {
      if (error instanceof LoaderRefusedError && REVOKING_REFUSALS.has(error.code)) {
        await forgetOfflineLicence();
      }
      if (!offlineStore || !isTransient(error)) throw error;
      const licence = await validOfflineLicence(credentials.hwid);
      if (!licence) throw error;
      if ('expired' in licence)
        throw new LoaderOfflineExpiredError(licence.expired, { cause: error });
      const result = offlineResult(licence.payload);
      state = {
        token: '',
        expiresAt: Date.parse(licence.payload.expiresAt),
        heartbeatSeconds: result.heartbeatSeconds,
        file: null,
        offline: true,
      };
      return result;
    }
  }

  async function heartbeat(): Promise<HeartbeatResult> {
    const session = requireSession();
    let data: Record<string, unknown>;
    try {
      data = await call(LOADER_PATHS.heartbeat, { session: session.token });
    } catch (error) {
      if (error instanceof LoaderRefusedError && REVOKING_REFUSALS.has(error.code)) {
        await forgetOfflineLicence();
      }
      throw error;
    }
    const result = readHeartbeat(data);
    session.token = result.session;
    session.expiresAt = Date.parse(result.sessionExpiresAt);
    if (lastCredentials) await keepOfflineGrant(lastCredentials.hwid, result.offlineGrant);
    return result;
  }

  function startHeartbeats({
    onStatus,
    onEnd,
    immediate = true,
  }: HeartbeatHandlers = {}): HeartbeatLoop {
    if (!state) throw new LoaderStateError();
    const session = state;
    const intervalMs = session.heartbeatSeconds * 1000;
    let stopped = false;
    let timer: unknown;
    let failures = 0;

    const schedule = (delayMs: number) => {
      timer = timers.setTimeout(() => void tick(), delayMs);
    };
    const end = (error: unknown) => {
      if (stopped) return;
      stopped = true;
      timers.clearTimeout(timer);
      loops.delete(end);
      onEnd?.(error instanceof Error ? error : new Error(String(error)));
    };
    loops.add(end);

    /** Runs on the licence until it lapses, trying the server every interval. */
    const goOffline = async (error: LoaderError): Promise<boolean> => {
      const hwid = lastCredentials?.hwid;
      const licence = hwid === undefined ? null : await validOfflineLicence(hwid);
      if (stopped) return true;
      if (!licence) return false;
      if ('expired' in licence) {
        end(new LoaderOfflineExpiredError(licence.expired, { cause: error }));
        return true;
      }
      const expiresAt = Date.parse(licence.payload.expiresAt);
      if (state) {
        state.offline = true;
        state.token = '';
        state.file = null;
        state.expiresAt = expiresAt;
      }
      // Wake at the lapse too, so OFFLINE_EXPIRED comes on time.
      const nextDelayMs = Math.max(0, Math.min(intervalMs, expiresAt - now()));
      onStatus?.({ type: 'offline', error, expiresAt: licence.payload.expiresAt, nextDelayMs });
      schedule(nextDelayMs);
      return true;
    };

    const reconnect = async () => {
      try {
        if (!lastCredentials) throw new LoaderStateError();
        const result = await authOnline(lastCredentials, undefined, 1);
        if (stopped) return;
        failures = 0;
        onStatus?.({ type: 'online', result });
        schedule(intervalMs);
      } catch (error) {
        if (stopped) return;
        if (error instanceof LoaderRefusedError && REVOKING_REFUSALS.has(error.code)) {
          await forgetOfflineLicence();
        }
        if (isTransient(error) && (await goOffline(error))) return;
        end(error);
      }
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
          if (await goOffline(error)) return;
        }
        end(error);
      }
    };

    const tick = () => (state?.offline ? reconnect() : beat());

    schedule(immediate || session.offline ? 0 : intervalMs);
    return {
      stop() {
        stopped = true;
        loops.delete(end);
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

    // Refusals are signed envelopes; file bytes are not, and are trusted through auth's sha256.
    if (response.headers.has('x-signature') || !response.ok) {
      const bytes = await readBytes(response);
      await openEnvelope(response, bytes, `GET ${LOADER_PATHS.download}`, nonce);
      throw new LoaderVerificationError('MALFORMED_ANSWER', 'a signed success instead of a file');
    }
    const expected = session.file;
    if (!expected) {
      await response.body?.cancel().catch(() => undefined);
      throw new LoaderVerificationError('FILE_MISMATCH', 'auth named no file; authenticate again');
    }
    const sealed = (response.headers.get('content-type') ?? '').startsWith(SEALED_CONTENT_TYPE);
    let bytes: Uint8Array;
    if (sealed) {
      if (!keyPair || !sodium) {
        await response.body?.cancel().catch(() => undefined);
        throw new LoaderVerificationError('DECRYPT_FAILED', 'a sealed download, but no crypto');
      }
      bytes = await openSealed(response, new SealedOpener(sodium, keyPair, expected.size));
    } else {
      // The signed answer said this delivery is sealed: a plain body is not what was promised.
      if (expected.protected === true) {
        await response.body?.cancel().catch(() => undefined);
        throw new LoaderVerificationError('DECRYPT_FAILED', 'a plain body for a sealed delivery');
      }
      bytes = await readBytes(response);
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

  /** Feeds the body to the opener as it arrives: one chunk in flight, never the whole body. */
  async function openSealed(response: Response, opener: SealedOpener): Promise<Uint8Array> {
    // Typed by hand: without the DOM library the stream's chunks come out as `any`.
    const reader = response.body?.getReader() as
      | {
          read(): Promise<{ done: true; value?: undefined } | { done: false; value: Uint8Array }>;
          cancel(): Promise<void>;
        }
      | undefined;
    if (!reader) {
      opener.push(await readBytes(response));
      return opener.finish();
    }
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        opener.push(value);
      }
    } catch (error) {
      await reader.cancel().catch(() => undefined);
      throw error instanceof LoaderError ? error : networkError(error);
    }
    return opener.finish();
  }

  async function reportSecurityEvent(
    kind: SecurityEventKind,
    detail?: string,
  ): Promise<SecurityEventResult> {
    const session = requireSession();
    const data = await call(LOADER_PATHS.securityEvent, {
      session: session.token,
      kind,
      ...(detail !== undefined && detail.trim() !== '' && { detail: detail.trim().slice(0, 200) }),
    });
    const action = typeof data.action === 'string' ? data.action : malformed('no action');
    if (action !== 'record') {
      // The server has ended the session (or more): stop using it here too.
      state = undefined;
      await forgetOfflineLicence();
      const ended = new LoaderRefusedError(
        'SESSION_ENDED',
        SESSION_ENDED.message,
        SESSION_ENDED.status,
        { action },
      );
      for (const endLoop of [...loops]) endLoop(ended);
    }
    return { action };
  }

  async function downloadLoaderUpdate(refusal: LoaderRefusedError): Promise<LoaderUpdate> {
    const offer = refusal.loader;
    if (refusal.code !== 'LOADER_OUTDATED' || !offer?.update) {
      throw new TypeError('downloadLoaderUpdate needs a LOADER_OUTDATED refusal with an update.');
    }
    const nonce = createNonce();
    const query = `token=${encodeURIComponent(offer.update.token)}&nonce=${encodeURIComponent(nonce)}`;
    const response = await send(`${base}${LOADER_PATHS.update}?${query}`, {
      signal: AbortSignal.timeout(downloadTimeoutMs),
    });
    const bytes = await readBytes(response);
    if (response.headers.has('x-signature') || !response.ok) {
      await openEnvelope(response, bytes, `GET ${LOADER_PATHS.update}`, nonce);
      throw new LoaderVerificationError('MALFORMED_ANSWER', 'a signed success instead of a file');
    }
    // The bytes are trusted only through the hash and size the SIGNED refusal named.
    const sha256 = await sha256Hex(bytes);
    if (sha256 !== offer.sha256 || bytes.length !== offer.size) {
      throw new LoaderVerificationError(
        'FILE_MISMATCH',
        `loader update: got ${String(bytes.length)} bytes with sha256 ${sha256}, expected ${String(offer.size)} with ${offer.sha256}`,
      );
    }
    return { bytes, version: offer.version, sha256, size: offer.size, name: offer.name };
  }

  return {
    auth,
    heartbeat,
    startHeartbeats,
    download,
    reportSecurityEvent,
    downloadLoaderUpdate,
    sessionKey,
  };
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
function readOfflineGrant(value: unknown): OfflineGrant | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (isRecord(value) && typeof value.token === 'string' && typeof value.expiresAt === 'string') {
    return { token: value.token, expiresAt: value.expiresAt };
  }
  return malformed('offline is not { token, expiresAt } or null');
}

/** The auth answer, and its `offline` grant as sent: undefined (absent) is not null. */
function readAuth(data: Record<string, unknown>): {
  result: AuthResult;
  grant: OfflineGrant | null | undefined;
} {
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
      Number.isSafeInteger(file.size) &&
      file.size >= 0 &&
      typeof file.name === 'string'
    )
  ) {
    malformed('auth: file is not { sha256, size, name } or null');
  }
  if (
    isRecord(file) &&
    ((file.delivery !== undefined && typeof file.delivery !== 'string') ||
      (file.protected !== undefined && typeof file.protected !== 'boolean'))
  ) {
    malformed('auth: file.delivery or file.protected has the wrong type');
  }
  const grant = readOfflineGrant(data.offline);
  const result: AuthResult = {
    offline: false,
    offlineGrant: grant ?? null,
    session,
    sessionExpiresAt,
    heartbeatSeconds,
    subscription: subscription as AuthResult['subscription'],
    user: user as AuthResult['user'],
    file: file as LoaderFile | null,
  };
  return { result, grant };
}

function readHeartbeat(data: Record<string, unknown>): HeartbeatResult {
  const { session, sessionExpiresAt, expiresAt } = data;
  if (typeof session !== 'string' || session === '') malformed('heartbeat: no session');
  if (typeof sessionExpiresAt !== 'string' || typeof expiresAt !== 'string') {
    malformed('heartbeat: no sessionExpiresAt or expiresAt');
  }
  const offlineGrant = readOfflineGrant(data.offline);
  return { session, sessionExpiresAt, expiresAt, ...(offlineGrant && { offlineGrant }) };
}
