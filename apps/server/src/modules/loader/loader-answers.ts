import type {
  LoaderEnvelope,
  LoaderRefusal,
  LoaderRefusalCode,
  LoaderRefusalProduct,
  LoaderUpdateBlock,
} from '@chaveiro/contract';
import { LOADER_NONCE_PATTERN, LOADER_REFUSALS, messages } from '@chaveiro/contract';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isUniqueViolation } from '../../platform/http/error-handler.js';

/**
 * A loader refusal: its code decides the HTTP status and the pt-BR message. PRODUCT_UPDATING and
 * PRODUCT_UNAVAILABLE carry the product's status (`product`), LOADER_OUTDATED the current loader
 * and its update token (`loader`), signed with the rest.
 */
export class LoaderRefusalError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: LoaderRefusalCode,
    readonly product?: LoaderRefusalProduct,
    readonly loader?: LoaderUpdateBlock | null,
    /** What the user is told; the code's own pt-BR text unless a check says more. */
    message: string = messages.loader.refusals[code],
  ) {
    super(message);
    this.name = 'LoaderRefusalError';
    this.statusCode = LOADER_REFUSALS[code];
  }
}

export function refuse(
  code: LoaderRefusalCode,
  product?: LoaderRefusalProduct,
  loader?: LoaderUpdateBlock | null,
): never {
  throw new LoaderRefusalError(code, product, loader);
}

/** Any failure of a loader route as its refusal (validation, rate limit, unexpected). */
export function refusalOf(error: unknown): { statusCode: number; data: LoaderRefusal } {
  if (error instanceof LoaderRefusalError) {
    const refusal: LoaderRefusal = { ok: false, code: error.code, message: error.message };
    if (error.product) refusal.product = error.product;
    if (error.loader !== undefined) refusal.loader = error.loader;
    return { statusCode: error.statusCode, data: refusal };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const message = error.validation[0]?.message ?? messages.loader.refusals.INVALID_REQUEST;
    return { statusCode: 400, data: { ok: false, code: 'INVALID_REQUEST', message } };
  }
  // Two requests raced past the service's check (two machines binding one HWID): try again.
  if (isUniqueViolation(error)) return { statusCode: 409, data: data('CONFLICT') };
  const statusCode = statusOf(error);
  if (statusCode === 429) return { statusCode, data: data('RATE_LIMITED') };
  // Malformed JSON, a wrong content type, a body too large, a NUL character…
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) {
    return { statusCode: 400, data: data('INVALID_REQUEST') };
  }
  return { statusCode: 500, data: data('INTERNAL_ERROR') };
}

function data(code: LoaderRefusalCode): LoaderRefusal {
  return { ok: false, code, message: messages.loader.refusals[code] };
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return undefined;
  return typeof error.statusCode === 'number' ? error.statusCode : undefined;
}

/** What an answer is signed for: a routed request, or one refused before routing (no body). */
export interface AnsweredRequest {
  method: string;
  url: string;
  body?: unknown;
  query?: unknown;
}

/**
 * The signed body of a loader answer: what was asked (method and path, without the query),
 * the client's nonce (when it sent a well-formed one), when and with which key it was signed.
 */
export function envelope<T>(
  request: AnsweredRequest,
  payload: T,
  issuedAt: number,
  keyId: string,
): LoaderEnvelope<T> {
  const query = request.url.indexOf('?');
  return {
    request: `${request.method} ${query < 0 ? request.url : request.url.slice(0, query)}`,
    data: payload,
    nonce: nonceOf(request),
    issuedAt: new Date(issuedAt).toISOString(),
    keyId,
  };
}

/** The request's nonce, from the body or the query, even when the rest failed validation. */
export function nonceOf(request: AnsweredRequest): string | null {
  for (const source of [request.body, request.query]) {
    if (typeof source !== 'object' || source === null || !('nonce' in source)) continue;
    const { nonce } = source;
    if (typeof nonce === 'string' && LOADER_NONCE_PATTERN.test(nonce)) return nonce;
  }
  return null;
}
