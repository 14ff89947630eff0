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
  | 'FILE_MISMATCH';

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

/** The server answered, the answer verified, and it is a refusal (`data.ok === false`). */
export class LoaderRefusedError extends LoaderError {
  declare readonly code: RefusalCode;
  /** HTTP status of the answer; informative only, the signed `code` is what counts. */
  readonly status: number;
  /** The answer's `Retry-After` (RATE_LIMITED), in ms; unsigned, so it only ever delays. */
  readonly retryAfterMs: number | undefined;
  /** PRODUCT_UPDATING and PRODUCT_UNAVAILABLE: the product's signed status and note. */
  readonly product: ProductStatus | undefined;

  constructor(
    code: RefusalCode,
    message: string,
    status: number,
    options: { retryAfterMs?: number; product?: ProductStatus } = {},
  ) {
    super(code, message);
    this.name = 'LoaderRefusedError';
    this.status = status;
    this.retryAfterMs = options.retryAfterMs;
    this.product = options.product;
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

/** The client was used out of order, e.g. `heartbeat()` before a successful `auth()`. */
export class LoaderStateError extends LoaderError {
  declare readonly code: 'NOT_AUTHENTICATED';

  constructor() {
    super('NOT_AUTHENTICATED', 'Autentique-se antes de usar a sessão do loader.');
    this.name = 'LoaderStateError';
  }
}
