import { z } from 'zod';
import { SECURITY_EPOCH_REASONS, type SecurityEpochReason } from './account-security.js';
import { pageOf, pageQuerySchema } from './common.js';

/**
 * Seller API tokens: what a storefront, a script or a Discord bot authenticates
 * with on `/api/v1/…` (`Authorization: Bearer chv_live_…`).
 */
export const API_TOKEN_SCOPES = [
  'products:read',
  'products:write',
  'keys:read',
  'keys:write',
  'licenses:read',
  'licenses:write',
  'users:read',
  'users:write',
  'webhooks:manage',
] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** Scopes a reseller's token may hold: its own keys and the catalogue, nothing of others. */
export const RESELLER_API_TOKEN_SCOPES = [
  'products:read',
  'keys:read',
  'keys:write',
] as const satisfies readonly ApiTokenScope[];

/** pt-BR descriptions shown next to each scope on "Tokens de API". */
export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = {
  'products:read': 'Ver produtos e planos',
  'products:write': 'Alterar o status operacional dos produtos',
  'keys:read': 'Ver chaves',
  'keys:write': 'Gerar, banir e excluir chaves; entregas de lojas',
  'licenses:read': 'Ver licenças (assinaturas e máquinas)',
  'licenses:write': 'Alterar licenças: dias, pausa, HWID',
  'users:read': 'Procurar usuários',
  'users:write': 'Banir e desbanir usuários',
  'webhooks:manage': 'Gerenciar webhooks',
};

export const API_TOKEN_LIMITS = {
  /** `chv_live_` then 43 base64url characters: 32 random bytes (256 bits). */
  prefix: 'chv_live_',
  randomBytes: 32,
  /** Characters after the prefix kept in clear to recognise a token in the list. */
  visibleChars: 6,
  nameMax: 60,
  /** Live (not revoked, not expired) tokens one account may hold. */
  activeMax: 25,
  /** Expiry choices in days; null = never. */
  expiryDays: [7, 30, 90, 365] as const,
  /** Requests per token per window on `/api/v1` (RateLimit-* headers). */
  rateLimitMax: 120,
  rateLimitWindowMs: 60_000,
  /** A token's last use (time, IP) is written at most this often. */
  lastUsedWriteMs: 60_000,
} as const;

export const API_TOKEN_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ApiTokenStatus = (typeof API_TOKEN_STATUSES)[number];

/**
 * Why a token was revoked: by its owner, or by the end of the account's security epoch (a
 * password reset or change, an e-mail change undone, a ban, a role change), which revokes every
 * token the account holds.
 */
export const API_TOKEN_REVOKED_REASONS = ['owner', ...SECURITY_EPOCH_REASONS] as const;
export type ApiTokenRevokedReason = (typeof API_TOKEN_REVOKED_REASONS)[number];

/** What the owner is told an epoch's end did, in the revocation mail ("porque …"). */
const EPOCH_CAUSES: Record<SecurityEpochReason, string> = {
  password_reset: 'a senha da conta foi redefinida',
  password_changed: 'a senha da conta foi alterada',
  email_restored: 'uma alteração do e-mail da conta foi desfeita',
  banned: 'a conta foi banida',
  role_changed: 'o tipo da conta foi alterado',
};

export const apiTokenMessages = {
  nameRequired: 'Dê um nome ao token.',
  nameMax: `O nome pode ter no máximo ${API_TOKEN_LIMITS.nameMax} caracteres.`,
  scopesRequired: 'Escolha ao menos uma permissão.',
  scopeInvalid: 'Permissão desconhecida.',
  scopeNotAllowed: 'Sua conta não pode conceder esta permissão a um token.',
  expiryInvalid: 'Escolha uma validade: 7, 30, 90 ou 365 dias, ou sem validade.',
  tooMany: `Você já tem ${API_TOKEN_LIMITS.activeMax} tokens ativos. Revogue um antes de criar outro.`,
  created: 'Token criado. Copie-o agora: ele não será mostrado de novo.',
  revoked: 'Token revogado.',
  notFound: 'Token não encontrado.',
  alreadyRevoked: 'Este token já foi revogado.',
  /** 401 on `/api/v1`: missing, malformed, unknown, revoked or expired token. */
  invalid: 'Token de API inválido, revogado ou expirado.',
  /** 403 on `/api/v1`: the token lacks the route's scope. */
  missingScope: (scope: string) => `Este token não tem a permissão ${scope}.`,
  /** The reason shown under "Revogado" on "Tokens de API". */
  revokedReasons: {
    owner: 'Revogado por você',
    password_reset: 'Senha redefinida',
    password_changed: 'Senha alterada',
    email_restored: 'Alteração de e-mail desfeita',
    banned: 'Conta banida',
    role_changed: 'Tipo de conta alterado',
  } satisfies Record<ApiTokenRevokedReason, string>,
  /** The owner's e-mail when an epoch's end revoked their tokens. */
  epochMailSubject: 'Seus tokens de API foram revogados',
  epochMailBody: (reason: SecurityEpochReason, tokens: readonly string[]) => {
    const revoked =
      tokens.length === 1
        ? 'o token de API da sua conta foi revogado'
        : `os ${tokens.length} tokens de API da sua conta foram revogados`;
    const users = tokens.length === 1 ? 'Quem o usava' : 'Quem os usava';
    return `Por segurança, ${revoked} porque ${EPOCH_CAUSES[reason]}: ${tokens.join(', ')}. ${users} passa a receber o erro 401. Se ainda precisar de acesso à API, crie um token novo em Tokens de API.`;
  },
  epochMailAction: 'Ver tokens de API',
  epochMailFooter:
    'Você recebe este aviso sempre que tokens de API da sua conta são revogados por segurança.',
  /** A token as the mail names it: its name and recognisable start. */
  mailTokenLabel: (name: string, prefix: string) => `"${name}" (${prefix}…)`,
  /** Activity-log lines of the owner's own actions. */
  logCreated: (name: string, prefix: string) => `Token de API "${name}" (${prefix}…) criado`,
  logRevoked: (name: string, prefix: string) => `Token de API "${name}" (${prefix}…) revogado`,
} as const;

/** A token as listed: never the secret, only its recognisable start. */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** e.g. `chv_live_Ab12Cd…` */
  prefix: z.string(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  status: z.enum(API_TOKEN_STATUSES),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().nullable(),
  lastUsedAt: z.iso.datetime().nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: z.iso.datetime().nullable(),
  /** Why it was revoked; null while it is not. */
  revokedReason: z.enum(API_TOKEN_REVOKED_REASONS).nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** `GET /api/api-tokens`: the caller's own tokens, newest first (admin and reseller). */
export const apiTokensQuerySchema = pageQuerySchema;
export const apiTokensPageSchema = pageOf(apiTokenSchema);
export type ApiTokensPage = z.infer<typeof apiTokensPageSchema>;

/** `POST /api/api-tokens`. */
export const createApiTokenBodySchema = z.strictObject({
  name: z
    .string({ error: apiTokenMessages.nameRequired })
    .trim()
    .min(1, apiTokenMessages.nameRequired)
    .max(API_TOKEN_LIMITS.nameMax, apiTokenMessages.nameMax),
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES, { error: apiTokenMessages.scopeInvalid }), {
      error: apiTokenMessages.scopesRequired,
    })
    .min(1, apiTokenMessages.scopesRequired)
    .max(API_TOKEN_SCOPES.length)
    .transform((scopes) => [...new Set(scopes)]),
  /** Days until it expires; null or absent = never. */
  expiresInDays: z
    .union([z.literal(API_TOKEN_LIMITS.expiryDays), z.null()], {
      error: apiTokenMessages.expiryInvalid,
    })
    .optional()
    .transform((days) => days ?? null),
});
export type CreateApiTokenBody = z.input<typeof createApiTokenBodySchema>;
export type CreateApiTokenInput = z.output<typeof createApiTokenBodySchema>;

/** The one answer that carries the secret: shown once, never stored in clear. */
export const createApiTokenResponseSchema = z.object({
  message: z.string(),
  token: z.string(),
  apiToken: apiTokenSchema,
});
export type CreateApiTokenResponse = z.infer<typeof createApiTokenResponseSchema>;
