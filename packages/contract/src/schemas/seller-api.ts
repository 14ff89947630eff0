import { z } from 'zod';
import { productPlansSchema } from './products.js';

/*
 * The seller API, `/api/v1/…` (issue #25): scripts, storefronts and bots authenticated by an
 * API token (`Authorization: Bearer chv_live_…`, see api-tokens.ts).
 */

// ---------------------------------------------------------------------------------------------
// The v1 scope: idempotency, limits and error codes shared by every v1 route (h-tokens)
// ---------------------------------------------------------------------------------------------

export const SELLER_API_LIMITS = {
  /** `Idempotency-Key`: at most this many characters, visible ASCII only. */
  idempotencyKeyMax: 255,
  /** A stored answer is replayed for this long; then the key may be used again. */
  idempotencyTtlMs: 24 * 60 * 60 * 1000,
  /** A request still running after this is taken for dead (its process stopped). */
  idempotencyLeaseMs: 60_000,
  /** How long a concurrent duplicate waits for the first request's answer. */
  idempotencyWaitMs: 5_000,
} as const;

/** Stable `code`s of the v1 scope's own refusals (beside the project's usual ones). */
export const SELLER_API_ERROR_CODES = [
  'API_TOKEN_INVALID',
  'API_TOKEN_SCOPE',
  'IDEMPOTENCY_KEY_INVALID',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_IN_PROGRESS',
  'IDEMPOTENCY_ABANDONED',
] as const;
export type SellerApiErrorCode = (typeof SELLER_API_ERROR_CODES)[number];

/** Stable `code`s of the token management's refusals (`/api/api-tokens`). */
export const API_TOKEN_ERROR_CODES = [
  /** 422: a reseller asked for a scope only admins may grant. */
  'API_TOKEN_SCOPE_NOT_ALLOWED',
  /** 409: already `API_TOKEN_LIMITS.activeMax` live tokens. */
  'API_TOKEN_LIMIT',
  /** 409: the token was revoked before. */
  'API_TOKEN_REVOKED',
] as const;

/**
 * The optional `Idempotency-Key` header of a v1 POST, for the route's OpenAPI document. Checked
 * by the scope's idempotency hook (pt-BR 400 IDEMPOTENCY_KEY_INVALID), not here.
 */
export const idempotencyKeyHeadersSchema = z.object({
  'idempotency-key': z.string().optional().meta({
    description:
      'Optional. The same key with the same request within 24 h answers the first answer again (Idempotent-Replayed: true) instead of running twice. At most 255 visible ASCII characters, per account.',
    example: 'pedido-1001',
  }),
});

export const sellerApiMessages = {
  idempotencyKeyInvalid: `O cabeçalho Idempotency-Key deve ter de 1 a ${SELLER_API_LIMITS.idempotencyKeyMax} caracteres visíveis (ASCII).`,
  idempotencyKeyReused:
    'Esta Idempotency-Key já foi usada com outra requisição. Use uma chave nova para uma operação diferente.',
  idempotencyInProgress:
    'Uma requisição com esta Idempotency-Key ainda está em andamento. Tente de novo em instantes.',
  idempotencyAbandoned:
    'Uma requisição anterior com esta Idempotency-Key foi interrompida antes de responder e pode ter sido concluída. Confira o estado atual e, se preciso, repita com uma nova Idempotency-Key.',
} as const;

/** One product of the active catalogue, as `GET /api/v1/products` lists it. */
export const sellerApiProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Retail prices in reais by duration type; a missing type has no plan. */
  plans: productPlansSchema,
});
export type SellerApiProduct = z.infer<typeof sellerApiProductSchema>;

/** `GET /api/v1/products`: every product on sale (active, with at least one plan). */
export const sellerApiProductsResponseSchema = z
  .object({
    items: z.array(sellerApiProductSchema),
  })
  .meta({
    examples: [
      {
        items: [
          {
            id: '019a7b2e-5c1d-7f00-8a3b-2d4e6f8a9b0c',
            name: 'Chaveiro Pro',
            description: 'Acesso completo ao loader.',
            plans: { weekly: 19.9, monthly: 49.9 },
          },
        ],
      },
    ],
  });
export type SellerApiProductsResponse = z.infer<typeof sellerApiProductsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// v1 endpoints' request and response schemas (h-v1) go below.
// ---------------------------------------------------------------------------------------------
