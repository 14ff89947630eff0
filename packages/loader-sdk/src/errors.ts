/** Refusal codes the server signs into `data.code` (docs/loader-protocol.md, "Refusal codes"). */
export const REFUSAL_CODES = [
  'INVALID_REQUEST',
  'NONCE_REUSED',
  'CONFLICT',
  'RATE_LIMITED',
  'SERVER_OFFLINE',
  'MAINTENANCE',
  'INVALID_CREDENTIALS',
  'TWO_FACTOR_REQUIRED',
  'INVALID_TWO_FACTOR',
  'INVALID_KEY',
  'KEY_NOT_REDEEMED',
  'KEY_ALREADY_USED',
  'KEY_WRONG_PRODUCT',
  'ACCOUNT_BANNED',
  'EMAIL_NOT_VERIFIED',
  'PRODUCT_NOT_FOUND',
  'PRODUCT_DISABLED',
  'PRODUCT_UPDATING',
  'PRODUCT_UNAVAILABLE',
  'NO_SUBSCRIPTION',
  'SUBSCRIPTION_PAUSED',
  'SUBSCRIPTION_EXPIRED',
  'HWID_MISMATCH',
  'ACCOUNT_LOGIN_REQUIRED',
  'HWID_BLACKLISTED',
  'SESSION_INVALID',
  'HWID_RESET',
  'NO_FILE',
  'LOADER_OUTDATED',
  'LOADER_MODIFIED',
  'SESSION_KEY_REQUIRED',
  'SESSION_ENDED',
  'INTERNAL_ERROR',
] as const;

/** A newer server may add codes, so any string is accepted while the known ones autocomplete. */
export type RefusalCode = (typeof REFUSAL_CODES)[number] | (string & {});

export type VerificationCode =
  | 'MISSING_SIGNATURE'
  | 'BAD_SIGNATURE'
  | 'UNTRUSTED_KEY'
  | 'WRONG_REQUEST'
  | 'WRONG_NONCE'
  | 'STALE_ANSWER'
  | 'MALFORMED_ANSWER'
  | 'FILE_MISMATCH'
  | 'DECRYPT_FAILED';

export type NetworkCode = 'NETWORK_ERROR' | 'TIMEOUT';

const verificationMessages: Record<VerificationCode, string> = {
  MISSING_SIGNATURE: 'A resposta do servidor não está assinada.',
  BAD_SIGNATURE: 'A assinatura da resposta do servidor é inválida.',
  UNTRUSTED_KEY: 'A resposta foi assinada por uma chave que este loader não reconhece.',
  WRONG_REQUEST: 'A resposta do servidor não corresponde à requisição feita.',
  WRONG_NONCE: 'A resposta do servidor não corresponde a esta requisição (possível repetição).',
  STALE_ANSWER: 'A resposta do servidor está fora do horário. Confira o relógio deste computador.',
  MALFORMED_ANSWER: 'A resposta do servidor está em um formato inesperado.',
  FILE_MISMATCH: 'O arquivo recebido não confere com o informado pelo servidor.',
  DECRYPT_FAILED:
    'O arquivo recebido não pôde ser decifrado com a chave desta sessão: foi alterado ou não é para este loader.',
};

const networkMessages: Record<NetworkCode, string> = {
  NETWORK_ERROR: 'Não foi possível falar com o servidor.',
  TIMEOUT: 'O servidor demorou demais para responder.',
};

/** Base of every error the SDK throws; `code` is stable, `message` is pt-BR for the user. */
export class LoaderError extends Error {
  readonly code: string;

  constructor(code: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'LoaderError';
    this.code = code;
  }
}

/**
 * The product's status signed with a PRODUCT_UPDATING or PRODUCT_UNAVAILABLE refusal: the seller
 * is updating the product, or it is down.
 */
export interface ProductStatus {
  /** `updating` or `unavailable` (a newer server may add values). */
  status: string;
  /** The seller's public note (pt-BR), null when none. */
  note: string | null;
  /** Whether the subscription's time is frozen meanwhile (given back when the product returns). */
  timeFrozen: boolean;
  /** Since when, ISO-8601. */
  since: string;
}

/**
 * The current loader a signed LOADER_OUTDATED refusal names: what `selfUpdate` downloads and
 * checks the bytes against. `update` is null when the product has no loader file to offer.
 */
export interface LoaderUpdateOffer {
  version: string;
  sha256: string;
  size: number;
  name: string;
  update: { token: string; expiresAt: string } | null;
}

/** A refusal's `loader` block when it has the documented shape, else undefined. */
export function loaderOfferOf(value: unknown): LoaderUpdateOffer | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { version, sha256, size, name, update } = value as Record<string, unknown>;
  if (typeof version !== 'string' || typeof name !== 'string') return undefined;
  if (typeof sha256 !== 'string' || !/^[0-9a-f]{64}$/i.test(sha256)) return undefined;
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) return undefined;
  let offer: LoaderUpdateOffer['update'] = null;
  if (update !== null && update !== undefined) {
    const { token, expiresAt } = update as Record<string, unknown>;
    if (typeof token !== 'string' || typeof expiresAt !== 'string') return undefined;
    offer = { token, expiresAt };
  }
  return { version, sha256: sha256.toLowerCase(), size, name, update: offer };
}

/** The server answered, the answer verified, and it is a refusal (`data.ok === false`). */
export class LoaderRefusedError extends LoaderError {
  declare readonly code: RefusalCode;
  /** HTTP status of the answer; informative only, the signed `code` is what counts. */
  readonly status: number;
  /** The answer's `Retry-After` (RATE_LIMITED), in ms; unsigned, so it only ever delays. */
  readonly retryAfterMs: number | undefined;
  /** PRODUCT_UPDATING and PRODUCT_UNAVAILABLE: the product's signed status and note. */
  readonly product: ProductStatus | undefined;
  /** LOADER_OUTDATED: the current loader, signed; pass the error to `selfUpdate`. */
  readonly loader: LoaderUpdateOffer | undefined;
  /** SESSION_ENDED after `reportSecurityEvent`: the action the product's rule took. */
  readonly action: string | undefined;

  constructor(
    code: RefusalCode,
    message: string,
    status: number,
    options: {
      retryAfterMs?: number;
      product?: ProductStatus;
      loader?: LoaderUpdateOffer;
      action?: string;
    } = {},
  ) {
    super(code, message);
    this.name = 'LoaderRefusedError';
    this.status = status;
    this.retryAfterMs = options.retryAfterMs;
    this.product = options.product;
    this.loader = options.loader;
    this.action = options.action;
  }
}

/**
 * A refusal's `product` block when it has the documented shape, else undefined: a block of
 * another shape is left out, as an unknown field would be, and the refusal stands.
 */
export function productStatusOf(value: unknown): ProductStatus | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const block = value as Record<string, unknown>;
  const { status, note, timeFrozen, since } = block;
  if (typeof status !== 'string' || status === '') return undefined;
  if (note !== undefined && note !== null && typeof note !== 'string') return undefined;
  if (typeof timeFrozen !== 'boolean' || typeof since !== 'string') return undefined;
  if (Number.isNaN(Date.parse(since))) return undefined;
  return { status, note: note ?? null, timeFrozen, since };
}

/** The answer cannot be trusted: forged, replayed, stale, for another request, or a wrong file. */
export class LoaderVerificationError extends LoaderError {
  declare readonly code: VerificationCode;
  /** Why, in English, for logs and bug reports; `message` is for the user. */
  readonly detail: string;

  constructor(code: VerificationCode, detail: string) {
    super(code, verificationMessages[code]);
    this.name = 'LoaderVerificationError';
    this.detail = detail;
  }
}

/** No usable answer: the connection failed, timed out or was aborted. */
export class LoaderNetworkError extends LoaderError {
  declare readonly code: NetworkCode;

  constructor(code: NetworkCode, options?: ErrorOptions) {
    super(code, networkMessages[code], options);
    this.name = 'LoaderNetworkError';
  }
}

const stateMessages = {
  NOT_AUTHENTICATED: 'Autentique-se antes de usar a sessão do loader.',
  OFFLINE: 'Sem conexão com o servidor: isto só funciona online.',
} as const;

/**
 * The client was used out of order: `heartbeat()` before a successful `auth()`
 * (NOT_AUTHENTICATED), or a call that needs the server while running offline (OFFLINE).
 */
export class LoaderStateError extends LoaderError {
  declare readonly code: keyof typeof stateMessages;

  constructor(code: keyof typeof stateMessages = 'NOT_AUTHENTICATED') {
    super(code, stateMessages[code]);
    this.name = 'LoaderStateError';
  }
}

/** The offline grace ran out (or the stored licence lapsed) and the server is still unreachable. */
export class LoaderOfflineExpiredError extends LoaderError {
  declare readonly code: 'OFFLINE_EXPIRED';
  /** When the offline licence lapsed, ISO-8601. */
  readonly expiresAt: string;

  constructor(expiresAt: string, options?: ErrorOptions) {
    super(
      'OFFLINE_EXPIRED',
      'O período offline desta licença terminou. Conecte-se à internet para continuar usando.',
      options,
    );
    this.name = 'LoaderOfflineExpiredError';
    this.expiresAt = expiresAt;
  }
}

/**
 * `selfUpdate` was offered the very executable it would replace (UPDATE_SAME_AS_RUNNING): the
 * product's current loader still has a built-in version below the product's minimum, so swapping
 * and restarting would only be refused with LOADER_OUTDATED again, in a loop. Nothing is swapped.
 */
export class LoaderUpdateError extends LoaderError {
  declare readonly code: 'UPDATE_SAME_AS_RUNNING';
  /** The SHA-256 the signed refusal offered, which is the running executable's own. */
  readonly sha256: string;

  constructor(sha256: string) {
    super(
      'UPDATE_SAME_AS_RUNNING',
      'A atualização oferecida é este mesmo loader, que continua abaixo da versão mínima do produto. Avise o vendedor.',
    );
    this.name = 'LoaderUpdateError';
    this.sha256 = sha256;
  }
}
