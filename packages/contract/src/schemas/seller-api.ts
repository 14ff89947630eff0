import { z } from 'zod';
import {
  ADMIN_LIMITS,
  KEY_STATUSES,
  LICENSE_KEY_PATTERN,
  PLAN_DURATION_TYPES,
  RESELLER_LIMITS,
  ROLES,
  SUBSCRIPTION_STATUSES,
  USER_STATUSES,
} from '../constants.js';
import { messages } from '../messages.js';
import { emailSchema } from './auth.js';
import { customerSubscriptionSchema } from './customers.js';
import { productPlansSchema } from './products.js';

/*
 * The seller API, `/api/v1/…`: scripts, storefronts and bots authenticated by an
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
  /** Keys per `POST /api/v1/keys` or delivery. A reseller buys at most its purchase cap. */
  keysPerRequestMax: ADMIN_LIMITS.keysPerBatchMax,
  resellerKeysPerRequestMax: RESELLER_LIMITS.keysPerPurchaseMax,
  listLimitDefault: 50,
  listLimitMax: 200,
  orderIdMax: 128,
  cursorMax: 200,
} as const;

/** Stable `code`s of the v1 scope's own refusals (beside the project's usual ones). */
export const SELLER_API_ERROR_CODES = [
  'API_TOKEN_INVALID',
  'API_TOKEN_SCOPE',
  'IDEMPOTENCY_KEY_INVALID',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_IN_PROGRESS',
  'IDEMPOTENCY_ABANDONED',
  // The v1 endpoints' own refusals (h-v1).
  'KEY_NOT_FOUND',
  'LICENSE_NOT_FOUND',
  'USER_NOT_FOUND',
  'MACHINE_NOT_FOUND',
  'CURSOR_INVALID',
  'DELIVERY_MISMATCH',
  'ALREADY_PAUSED',
  'NOT_PAUSED',
  'SUBSCRIPTION_EXPIRED',
  'NO_HWID_BOUND',
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

const quantityRange = `A quantidade deve ser um número inteiro entre 1 e ${SELLER_API_LIMITS.keysPerRequestMax}.`;

export const sellerApiMessages = {
  idempotencyKeyInvalid: `O cabeçalho Idempotency-Key deve ter de 1 a ${SELLER_API_LIMITS.idempotencyKeyMax} caracteres visíveis (ASCII).`,
  idempotencyKeyReused:
    'Esta Idempotency-Key já foi usada com outra requisição. Use uma chave nova para uma operação diferente.',
  idempotencyInProgress:
    'Uma requisição com esta Idempotency-Key ainda está em andamento. Tente de novo em instantes.',
  idempotencyAbandoned:
    'Uma requisição anterior com esta Idempotency-Key foi interrompida antes de responder e pode ter sido concluída. Confira o estado atual e, se preciso, repita com uma nova Idempotency-Key.',
  quantityRange,
  resellerQuantityRange: `Um revendedor compra no máximo ${SELLER_API_LIMITS.resellerKeysPerRequestMax} chaves por pedido.`,
  productRequired: 'Informe o produto (productId).',
  planRequired: 'Informe o plano: daily, weekly, bi-weekly ou monthly.',
  keyFormat: 'Chave inválida: são 18 letras ou números (A–Z, 0–9).',
  keyNotFound: 'Chave não encontrada.',
  keyBanned: 'Chave banida.',
  keyUnbanned: 'Chave desbanida.',
  keyDeleted: 'Chave excluída.',
  cursorInvalid: 'Cursor inválido: use o nextCursor da página anterior.',
  dateInvalid: 'Data inválida: use ISO 8601 (ex.: 2026-01-31T00:00:00Z).',
  limitRange: `O limite deve ser um número inteiro entre 1 e ${SELLER_API_LIMITS.listLimitMax}.`,
  booleanInvalid: 'Use true ou false.',
  userRequired: 'Informe o usuário: id, nome de usuário ou e-mail.',
  lookupOne: 'Informe username ou email (apenas um).',
  userNotFound: 'Usuário não encontrado.',
  licenseNotFound: 'Licença não encontrada.',
  machineNotFound: 'Máquina não encontrada nesta licença.',
  keyNotRedeemed: 'Esta chave ainda não foi resgatada: não há licença.',
  alreadyPaused: 'Esta licença já está pausada.',
  alreadyActive: 'Esta licença não está pausada.',
  expiredCannotPause: 'Uma licença expirada não pode ser pausada.',
  paused: 'Licença pausada pela administração.',
  resumed: 'Licença retomada.',
  hwidReset: 'HWID redefinido: todas as máquinas foram liberadas.',
  noHwidBound: 'Nenhuma máquina vinculada a esta licença.',
  orderIdRequired: `Informe o orderId (1 a ${SELLER_API_LIMITS.orderIdMax} caracteres).`,
  deliveryMismatch:
    'Este orderId já foi entregue com outro produto, plano ou quantidade. Use um orderId novo para um pedido diferente.',
  /** Appended to the activity line of an action taken through an API token. */
  logViaApi: ' (via API)',
  logSubscriptionPaused: (username: string, product: string) =>
    `Pausou a licença de ${product} de ${username}`,
  logSubscriptionResumed: (username: string, product: string) =>
    `Retomou a licença de ${product} de ${username}`,
  logSubscriptionHwidReset: (username: string, product: string) =>
    `Redefiniu o HWID da licença de ${product} de ${username}`,
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
// The v1 endpoints: keys, licences, users, storefront deliveries (h-v1)
// ---------------------------------------------------------------------------------------------

const m = sellerApiMessages;

/** A key as typed or pasted: trimmed and upper-cased, nothing else mapped (no O → 0). */
export const apiKeyValueSchema = z
  .string({ error: m.keyFormat })
  .trim()
  .max(64, m.keyFormat)
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(LICENSE_KEY_PATTERN, m.keyFormat));

export const apiKeyParamSchema = z.object({ key: apiKeyValueSchema });

const productIdSchema = z
  .string({ error: m.productRequired })
  .trim()
  .min(1, m.productRequired)
  .max(64, m.productRequired);

const planSchema = z.enum(PLAN_DURATION_TYPES, { error: m.planRequired });

const quantitySchema = z
  .number({ error: quantityRange })
  .int(quantityRange)
  .min(1, quantityRange)
  .max(SELLER_API_LIMITS.keysPerRequestMax, quantityRange);

/** `POST /api/v1/keys`. */
export const apiGenerateKeysBodySchema = z.strictObject({
  productId: productIdSchema,
  durationType: planSchema,
  quantity: quantitySchema,
});
export type ApiGenerateKeysBody = z.infer<typeof apiGenerateKeysBodySchema>;

export const apiGenerateKeysResponseSchema = z
  .object({
    keys: z.array(z.string()),
    productId: z.string(),
    durationType: z.enum(PLAN_DURATION_TYPES),
    days: z.number().int(),
    /** A reseller's purchase: what it cost and the balance after, in reais; null for an admin. */
    total: z.number().nullable(),
    balance: z.number().nullable(),
  })
  .meta({
    examples: [
      {
        keys: ['K7MX3RPA9TWEHN4FGY', 'TA4WXGHRYNKE93PMF7'],
        productId: '0193a1c2-7f00-7000-8000-000000000001',
        durationType: 'monthly',
        days: 30,
        total: 25,
        balance: 75,
      },
    ],
  });
export type ApiGenerateKeysResponse = z.infer<typeof apiGenerateKeysResponseSchema>;

const EXAMPLE_KEY = {
  id: '0193a1c2-7f00-7000-8000-0000000000d4',
  key: 'K7MX3RPA9TWEHN4FGY',
  productId: '0193a1c2-7f00-7000-8000-000000000001',
  product: 'Aim Pro',
  days: 30,
  status: 'used' as const,
  redeemedBy: 'cliente',
  redeemedAt: '2026-01-15T12:00:00.000Z',
  redeemBy: null,
  createdAt: '2026-01-14T18:30:00.000Z',
};

export const apiKeySchema = z
  .object({
    id: z.string(),
    key: z.string(),
    productId: z.string(),
    product: z.string(),
    days: z.number().int(),
    status: z.enum(KEY_STATUSES),
    redeemedBy: z.string().nullable(),
    redeemedAt: z.iso.datetime().nullable(),
    redeemBy: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ examples: [EXAMPLE_KEY] });
export type ApiKey = z.infer<typeof apiKeySchema>;

const isoDateParam = z.iso.datetime({ offset: true, error: m.dateInvalid });
const booleanParam = z.enum(['true', 'false'], { error: m.booleanInvalid });

/** `GET /api/v1/keys`: newest first, keyset paged by the opaque `cursor`. */
export const apiKeysQuerySchema = z.strictObject({
  productId: z.string().trim().min(1).max(64).optional(),
  status: z.enum(KEY_STATUSES).optional(),
  createdAfter: isoDateParam.optional(),
  createdBefore: isoDateParam.optional(),
  redeemed: booleanParam.optional(),
  limit: z.coerce
    .number({ error: m.limitRange })
    .int(m.limitRange)
    .min(1, m.limitRange)
    .max(SELLER_API_LIMITS.listLimitMax, m.limitRange)
    .default(SELLER_API_LIMITS.listLimitDefault),
  cursor: z.string().min(1).max(SELLER_API_LIMITS.cursorMax, m.cursorInvalid).optional(),
});
export type ApiKeysQuery = z.infer<typeof apiKeysQuerySchema>;

export function cursorPageOf<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    hasMore: z.boolean(),
    /** Pass as `cursor` for the next page; null on the last one. */
    nextCursor: z.string().nullable(),
  });
}

export const apiKeysPageSchema = cursorPageOf(apiKeySchema).meta({
  examples: [
    { data: [EXAMPLE_KEY], hasMore: true, nextCursor: 'WzE3Njg0Nzg0MDAwMDAsIjAxOTNhMWMyIl0' },
  ],
});
export type ApiKeysPage = z.infer<typeof apiKeysPageSchema>;

export const apiMessageSchema = z.object({ message: z.string() });

/** A licence: a subscription with its machines, as the admin's customer page shows it. */
export const apiLicenseSchema = customerSubscriptionSchema
  .extend({ user_id: z.string(), username: z.string() })
  .meta({
    examples: [
      {
        id: '0193a1c2-7f00-7000-8000-0000000000a1',
        user_id: '0193a1c2-7f00-7000-8000-0000000000b2',
        username: 'cliente',
        product_id: '0193a1c2-7f00-7000-8000-000000000001',
        product_name: 'Aim Pro',
        status: 'active',
        paused_by: null,
        expires_at: '2026-02-14T12:00:00.000Z',
        days_remaining: 30,
        is_expired: false,
        max_devices: 1,
        pause_credits: 1,
        hwid_reset_credits: 2,
        created_at: '2026-01-15T12:00:00.000Z',
        last_seen_at: '2026-01-15T12:30:00.000Z',
        machines: [
          {
            id: '0193a1c2-7f00-7000-8000-0000000000c3',
            hwid: 'HWID-8F2A-11C0',
            first_seen_at: '2026-01-15T12:05:00.000Z',
            last_seen_at: '2026-01-15T12:30:00.000Z',
            online: true,
            last_ip: '203.0.113.7',
          },
        ],
      },
    ],
  });
export type ApiLicense = z.infer<typeof apiLicenseSchema>;

export const apiLicensesResponseSchema = z.object({ data: z.array(apiLicenseSchema) });
export type ApiLicensesResponse = z.infer<typeof apiLicensesResponseSchema>;

export const apiLicensesQuerySchema = z.strictObject({
  user: z.string({ error: m.userRequired }).trim().min(1, m.userRequired).max(254, m.userRequired),
});

export const apiSubscriptionParamSchema = z.object({
  subscriptionId: z.string().min(1).max(64),
});
export const apiMachineParamSchema = apiSubscriptionParamSchema.extend({
  machineId: z.string().min(1).max(64),
});

export const apiLicenseDaysBodySchema = z.strictObject({
  days: z
    .number({ error: messages.admin.daysNonZero })
    .int(messages.admin.daysNonZero)
    .min(-ADMIN_LIMITS.daysMax, messages.admin.daysNonZero)
    .max(ADMIN_LIMITS.daysMax, messages.admin.daysNonZero)
    .refine((days) => days !== 0, messages.admin.daysNonZero),
});
export type ApiLicenseDaysBody = z.infer<typeof apiLicenseDaysBodySchema>;

/** `GET /api/v1/users/lookup?username=` or `?email=` (exactly one). */
export const apiUserLookupQuerySchema = z
  .strictObject({
    username: z.string().trim().min(1).max(64).optional(),
    email: z.string().trim().min(1).max(254).optional(),
  })
  .refine((query) => (query.username === undefined) !== (query.email === undefined), m.lookupOne);

export const apiUserSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    email: z.string().nullable(),
    role: z.enum(ROLES),
    status: z.enum(USER_STATUSES),
    createdAt: z.iso.datetime(),
    subscriptions: z.array(
      z.object({
        id: z.string(),
        productId: z.string(),
        product: z.string(),
        status: z.enum(SUBSCRIPTION_STATUSES),
        expiresAt: z.iso.datetime(),
        daysRemaining: z.number().int(),
      }),
    ),
  })
  .meta({
    examples: [
      {
        id: '0193a1c2-7f00-7000-8000-0000000000b2',
        username: 'cliente',
        email: 'cliente@example.com',
        role: 'client',
        status: 'active',
        createdAt: '2026-01-10T09:00:00.000Z',
        subscriptions: [
          {
            id: '0193a1c2-7f00-7000-8000-0000000000a1',
            productId: '0193a1c2-7f00-7000-8000-000000000001',
            product: 'Aim Pro',
            status: 'active',
            expiresAt: '2026-02-14T12:00:00.000Z',
            daysRemaining: 30,
          },
        ],
      },
    ],
  });
export type ApiUser = z.infer<typeof apiUserSchema>;

export const apiUserIdParamSchema = z.object({ id: z.string().min(1).max(64) });

/** `POST /api/v1/deliveries`: one paid storefront order, delivered once per `orderId`. */
export const apiDeliveryBodySchema = z.strictObject({
  orderId: z
    .string({ error: m.orderIdRequired })
    .trim()
    .min(1, m.orderIdRequired)
    .max(SELLER_API_LIMITS.orderIdMax, m.orderIdRequired),
  productId: productIdSchema,
  plan: planSchema,
  quantity: quantitySchema,
  customerEmail: emailSchema.optional(),
});
export type ApiDeliveryBody = z.infer<typeof apiDeliveryBodySchema>;

export const apiDeliveryResponseSchema = z
  .object({
    orderId: z.string(),
    keys: z.array(z.string()),
    createdAt: z.iso.datetime(),
    /** True when this orderId had already been delivered: the stored keys, nothing issued. */
    replayed: z.boolean(),
  })
  .meta({
    examples: [
      {
        orderId: 'inv_8XK2',
        keys: ['K7MX3RPA9TWEHN4FGY'],
        createdAt: '2026-01-15T12:00:00.000Z',
        replayed: false,
      },
    ],
  });
export type ApiDeliveryResponse = z.infer<typeof apiDeliveryResponseSchema>;
