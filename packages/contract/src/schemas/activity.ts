import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { pageOf, pageQuerySchema } from './common.js';

/** One line of the admin activity log (spec §3: id, action, created_at). */
export const activitySchema = z.object({
  id: z.string(),
  action: z.string(),
  created_at: z.iso.datetime(),
});
export type Activity = z.infer<typeof activitySchema>;

export const recentActivitiesResponseSchema = z.array(activitySchema);
export type RecentActivitiesResponse = z.infer<typeof recentActivitiesResponseSchema>;

/**
 * Every typed action of the activity log, `<noun>.<verb-past>`. Stored in
 * `activity.type`; rows older than the types are `legacy`. Names are stable: filters, links and
 * exports use them. A new action gets a new type and a label below.
 */
export const ACTIVITY_TYPES = [
  'user.created',
  'user.updated',
  'user.banned',
  'user.unbanned',
  'user.deleted',
  'user.hwid_reset',
  'user.login_new_ip',
  'subscription.added',
  'subscription.removed',
  'subscription.days_changed',
  'subscription.paused',
  'subscription.resumed',
  'subscription.hwid_reset',
  'machine.released',
  'key.generated',
  'key.linked',
  'key.updated',
  'key.banned',
  'key.unbanned',
  'key.deleted',
  'key.redeemed',
  'keys.exported',
  'product.created',
  'product.updated',
  'product.prices_changed',
  'product.status_changed',
  'product.operational_changed',
  'product.deleted',
  'product.file_uploaded',
  'product.loader_uploaded',
  'product.loader_removed',
  'product.keyauth_changed',
  'product.keyauth_secret_rotated',
  'product.variable_saved',
  'product.variable_deleted',
  'product.hwid_blocked',
  'product.hwid_unblocked',
  'product.protection_changed',
  'product.loader_release_removed',
  'security_event.resolved',
  'reseller.created',
  'reseller.balance_changed',
  'reseller.keys_purchased',
  'purchase.completed',
  'order.failed',
  'deposit.approved',
  'deposit.rejected',
  'deposit.paid',
  'deposit.refunded',
  'deposit.cancelled',
  'deposit.amount_mismatch',
  'settings.changed',
  'payment.settings_changed',
  'bypass.created',
  'bypass.updated',
  'bypass.deleted',
  'bypass.paused',
  'bypass.resumed',
  'bypass_key.created',
  'bypass_key.revoked',
  'api_token.created',
  'api_token.revoked',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.secret_rolled',
  'ticket.answered',
  'ticket.closed',
  'profile.updated',
  'mass.hwids_reset',
  'mass.users_deleted',
  'mass.users_banned',
  'mass.users_unbanned',
  'mass.keys_banned',
  'mass.keys_deleted',
  'loader.refused',
  'loader.session_ended',
  'loader.log',
  'delivery.requeued',
  'delivery.leak_traced',
  'keyauth.imported',
  'legacy',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** What the audit log's type column and filter show for each type (pt-BR). */
export const ACTIVITY_TYPE_LABELS: Record<ActivityType, string> = {
  'user.created': 'Usuário criado',
  'user.updated': 'Usuário alterado',
  'user.banned': 'Usuário banido',
  'user.unbanned': 'Usuário desbanido',
  'user.deleted': 'Usuário excluído',
  'user.hwid_reset': 'HWID resetado',
  'user.login_new_ip': 'Login de IP novo',
  'subscription.added': 'Assinatura adicionada',
  'subscription.removed': 'Assinatura removida',
  'subscription.days_changed': 'Dias de assinatura alterados',
  'subscription.paused': 'Licença pausada',
  'subscription.resumed': 'Licença retomada',
  'subscription.hwid_reset': 'HWID da licença resetado',
  'machine.released': 'Máquina liberada',
  'key.generated': 'Chaves geradas',
  'key.linked': 'Chave vinculada',
  'key.updated': 'Chave alterada',
  'key.banned': 'Chave banida',
  'key.unbanned': 'Chave desbanida',
  'key.deleted': 'Chave excluída',
  'key.redeemed': 'Chave resgatada',
  'keys.exported': 'Chaves exportadas',
  'product.created': 'Produto criado',
  'product.updated': 'Produto atualizado',
  'product.prices_changed': 'Preços de revenda alterados',
  'product.status_changed': 'Produto ativado/desligado',
  'product.operational_changed': 'Status operacional alterado',
  'product.deleted': 'Produto excluído',
  'product.file_uploaded': 'DLL enviada',
  'product.loader_uploaded': 'Loader enviado',
  'product.loader_removed': 'Loader removido',
  'product.keyauth_changed': 'Compatibilidade KeyAuth alterada',
  'product.keyauth_secret_rotated': 'Secret KeyAuth renovado',
  'product.variable_saved': 'Variável de produto salva',
  'product.variable_deleted': 'Variável de produto excluída',
  'product.hwid_blocked': 'HWID bloqueado',
  'product.hwid_unblocked': 'HWID desbloqueado',
  'product.protection_changed': 'Proteção do produto alterada',
  'product.loader_release_removed': 'Versão do loader removida',
  'security_event.resolved': 'Evento de segurança resolvido',
  'reseller.created': 'Revendedor criado',
  'reseller.balance_changed': 'Saldo de revendedor alterado',
  'reseller.keys_purchased': 'Compra de chaves (revenda)',
  'purchase.completed': 'Compra concluída',
  'order.failed': 'Pedido não concluído',
  'deposit.approved': 'Depósito aprovado',
  'deposit.rejected': 'Depósito recusado',
  'deposit.paid': 'Depósito pago',
  'deposit.refunded': 'Depósito estornado',
  'deposit.cancelled': 'Depósito cancelado',
  'deposit.amount_mismatch': 'Depósito com valor divergente',
  'settings.changed': 'Configuração alterada',
  'payment.settings_changed': 'Pagamentos configurados',
  'bypass.created': 'Bypass criado',
  'bypass.updated': 'Bypass alterado',
  'bypass.deleted': 'Bypass excluído',
  'bypass.paused': 'Bypass pausado',
  'bypass.resumed': 'Bypass retomado',
  'bypass_key.created': 'Chave de API criada',
  'bypass_key.revoked': 'Chave de API revogada',
  'api_token.created': 'Token de API criado',
  'api_token.revoked': 'Token de API revogado',
  'webhook.created': 'Webhook criado',
  'webhook.updated': 'Webhook alterado',
  'webhook.deleted': 'Webhook excluído',
  'webhook.secret_rolled': 'Segredo de webhook renovado',
  'ticket.answered': 'Ticket respondido',
  'ticket.closed': 'Ticket fechado',
  'profile.updated': 'Perfil do admin atualizado',
  'mass.hwids_reset': 'HWIDs resetados em massa',
  'mass.users_deleted': 'Usuários excluídos em massa',
  'mass.users_banned': 'Usuários banidos em massa',
  'mass.users_unbanned': 'Usuários desbanidos em massa',
  'mass.keys_banned': 'Chaves banidas em massa',
  'mass.keys_deleted': 'Chaves excluídas em massa',
  'loader.refused': 'Loader recusado',
  'loader.session_ended': 'Sessão do loader encerrada',
  'loader.log': 'Log do loader',
  'delivery.requeued': 'Entrega reprocessada',
  'delivery.leak_traced': 'Vazamento rastreado',
  'keyauth.imported': 'Importação do KeyAuth',
  legacy: 'Registro antigo',
};

/** What a row's target names; `other` for targets with no page of their own. */
export const ACTIVITY_TARGET_KINDS = [
  'user',
  'key',
  'product',
  'subscription',
  'deposit',
  'ticket',
  'bypass',
  'bypass-key',
  'setting',
  'settings',
  'users',
  'hwid',
  'other',
] as const;
export type ActivityTargetKind = (typeof ACTIVITY_TARGET_KINDS)[number];

/** Calendar days (YYYY-MM-DD), read in São Paulo time (UTC−3), both ends included. */
const activityDay = (message: string) => z.iso.date({ error: message }).optional();

const activityFilterShape = {
  q: pageQuerySchema.shape.q,
  type: z.enum(ACTIVITY_TYPES, { error: 'Tipo de atividade inválido.' }).optional(),
  /** The acting user's id. */
  actorId: z.string().trim().min(1).max(64).optional(),
  /** The acting user's username, exactly (case-insensitive): the screen's "Autor" box. */
  actor: z.string().trim().min(1).max(64).optional(),
  /** An exact target, e.g. `user:<id>` or `key:<id>`. */
  target: z.string().trim().min(1).max(200).optional(),
  /** A user id: what they did and what was done to them (actor or target `user:<id>`). */
  subject: z.string().trim().min(1).max(64).optional(),
  from: activityDay('Data inicial inválida (use AAAA-MM-DD).'),
  to: activityDay('Data final inválida (use AAAA-MM-DD).'),
};

const fromNotAfterTo = {
  check: (query: { from?: string; to?: string }) =>
    query.from === undefined || query.to === undefined || query.from <= query.to,
  message: 'A data inicial deve ser anterior ou igual à data final.',
};

/**
 * `GET /api/activity`: filters (all combinable) and paging. `page` pages by offset, up to
 * `ACTIVITY_LIMITS.maxOffsetRows` rows deep; `before` (a cursor a page answered as
 * `nextCursor`) pages by keyset, at any depth ("Carregar mais").
 */
export const activityQuerySchema = z
  .strictObject({
    ...activityFilterShape,
    page: pageQuerySchema.shape.page,
    pageSize: z.coerce
      .number()
      .int()
      .min(1)
      .max(LIMITS.pageSizeMax)
      .default(LIMITS.pageSizeDefault),
    before: z
      .string()
      .regex(/^\d{1,15}_[0-9a-zA-Z-]{1,64}$/, 'Cursor inválido.')
      .optional(),
  })
  .refine(fromNotAfterTo.check, { message: fromNotAfterTo.message, path: ['from'] });
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

/** `GET /api/activity/export`: the same filters, no paging (at most the export cap). */
export const activityExportQuerySchema = z
  .strictObject(activityFilterShape)
  .refine(fromNotAfterTo.check, { message: fromNotAfterTo.message, path: ['from'] });
export type ActivityExportQuery = z.infer<typeof activityExportQuerySchema>;

export const ACTIVITY_LIMITS = {
  /** Offset paging stops here (page × pageSize); deeper rows are reached by date or cursor. */
  maxOffsetRows: 10_000,
  /** Rows in one CSV export. */
  csvMaxRows: 50_000,
} as const;

export const activityEntrySchema = z.object({
  id: z.string(),
  type: z.enum(ACTIVITY_TYPES),
  /** The pt-BR sentence. */
  action: z.string(),
  /** Who acted; null for the system. `id` is null once that account was deleted. */
  actor: z.object({ id: z.string().nullable(), username: z.string() }).nullable(),
  /** What the action touched; `label` is a readable name when it still exists. */
  target: z
    .object({
      kind: z.enum(ACTIVITY_TARGET_KINDS),
      id: z.string(),
      label: z.string().nullable(),
    })
    .nullable(),
  ip: z.string().nullable(),
  created_at: z.iso.datetime(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityPageSchema = pageOf(activityEntrySchema).extend({
  /** The cursor of the next (older) page for `before`; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;
