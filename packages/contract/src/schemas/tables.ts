import { z } from 'zod';
import { KEY_STATUSES, LIMITS, ROLES, USER_STATUSES } from '../constants.js';
import { plural } from '../plural.js';

/**
 * The admin tables: one sort parameter `?sort=field:dir` on every sortable list,
 * the users' role/status filters, bulk actions over a selection (explicit ids or every row
 * matching the list's filters) and the CSV exports of the same selections.
 */

/** Bulk actions act on at most this many rows, in one transaction. */
export const BULK_MAX = 1000;
/** An export of explicit ids travels in the query string: at most one page of them. */
export const EXPORT_IDS_MAX = LIMITS.pageSizeMax;

const countFormat = new Intl.NumberFormat('pt-BR');

export const tableMessages = {
  sortInvalid: 'Ordenação inválida.',
  roleInvalid: 'Filtro de tipo de conta inválido.',
  statusInvalid: 'Filtro de status inválido.',
  bulkActionInvalid: 'Ação em massa inválida.',
  bulkSelectionRequired: 'Selecione os itens pelos ids ou pelos filtros da lista (um dos dois).',
  bulkIdsInvalid: 'A lista de ids selecionados é inválida.',
  bulkTooManyIds: `Selecione no máximo ${countFormat.format(BULK_MAX)} itens por vez.`,
  exportTooManyIds: `Exporte no máximo ${countFormat.format(EXPORT_IDS_MAX)} itens selecionados; para mais, exporte a lista filtrada.`,
  bulkTooManyMatching: (count: number, noun: 'users' | 'keys') =>
    `A seleção tem ${plural(count, noun === 'users' ? 'usuário' : 'chave', noun === 'users' ? 'usuários' : 'chaves')}; o máximo por ação em massa é ${countFormat.format(BULK_MAX)}. Refine os filtros.`,
  usersDone: (action: UsersBulkAction, count: number, skipped: number) => {
    const done = {
      ban: plural(count, 'usuário banido', 'usuários banidos'),
      unban: plural(count, 'usuário desbanido', 'usuários desbanidos'),
      delete: plural(count, 'usuário excluído', 'usuários excluídos'),
    }[action];
    return skipped === 0
      ? `${done}.`
      : `${done}; ${plural(skipped, 'ignorado', 'ignorados')} (administradores e a sua própria conta não entram em ações em massa).`;
  },
  keysDone: (action: KeysBulkAction, count: number, skipped: number) => {
    const done =
      action === 'ban'
        ? plural(count, 'chave banida', 'chaves banidas')
        : plural(count, 'chave excluída', 'chaves excluídas');
    return skipped === 0
      ? `${done}.`
      : `${done}; ${plural(skipped, 'ignorada', 'ignoradas')} (chaves já utilizadas ou expiradas não podem ser banidas).`;
  },
} as const;

/** An empty query parameter (`?role=`) means "any", as a select's blank option sends it. */
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

/** `?sort=field:dir`, one of the list's fields, ascending or descending. */
function sortSchema<const F extends string>(fields: readonly F[], fallback: `${F}:${SortDir}`) {
  const values = fields.flatMap((field) => [`${field}:asc`, `${field}:desc`] as const);
  return z.preprocess(
    blankAsAbsent,
    z
      .enum(values as [`${F}:${SortDir}`, ...`${F}:${SortDir}`[]], {
        error: tableMessages.sortInvalid,
      })
      // The fallback is one of the values; zod's generic signature cannot see it.
      .default(fallback as never),
  );
}

export const SORT_DIRS = ['asc', 'desc'] as const;
export type SortDir = (typeof SORT_DIRS)[number];

/** Splits `field:dir` (already validated) into its parts. */
export function parseSort<F extends string>(sort: `${F}:${SortDir}`): { field: F; dir: SortDir } {
  const [field, dir] = sort.split(':') as [F, SortDir];
  return { field, dir };
}

export const USER_SORT_FIELDS = ['created_at', 'username', 'balance', 'status'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];
export const USER_ROLE_FILTERS = [...ROLES, 'all'] as const;
export type UserRoleFilter = (typeof USER_ROLE_FILTERS)[number];
export const USER_STATUS_FILTERS = [...USER_STATUSES, 'all'] as const;
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number];

export const KEY_SORT_FIELDS = ['created_at', 'status', 'product'] as const;
export type KeySortField = (typeof KEY_SORT_FIELDS)[number];

export const RESELLER_SORT_FIELDS = ['created_at', 'balance'] as const;
export type ResellerSortField = (typeof RESELLER_SORT_FIELDS)[number];

export const userSortSchema = sortSchema(USER_SORT_FIELDS, 'created_at:desc');
export const keySortSchema = sortSchema(KEY_SORT_FIELDS, 'created_at:desc');
export const resellerSortSchema = sortSchema(RESELLER_SORT_FIELDS, 'created_at:desc');

const qSchema = z.string().trim().max(200).optional();
const roleFilterSchema = z.preprocess(
  blankAsAbsent,
  z.enum(USER_ROLE_FILTERS, { error: tableMessages.roleInvalid }).default('all'),
);
const userStatusFilterSchema = z.preprocess(
  blankAsAbsent,
  z.enum(USER_STATUS_FILTERS, { error: tableMessages.statusInvalid }).default('all'),
);

/** The user table's filters: `q` (username or e-mail start), role and status. */
export const userListFiltersSchema = z.strictObject({
  q: qSchema,
  role: roleFilterSchema,
  status: userStatusFilterSchema,
});
export type UserListFilters = z.infer<typeof userListFiltersSchema>;

/** The key table's filters: `q` (key or client start), product and status. */
export const keyListFiltersSchema = z.strictObject({
  q: qSchema,
  productId: z.preprocess(blankAsAbsent, z.string().max(64).optional()),
  status: z.preprocess(
    blankAsAbsent,
    z.enum(KEY_STATUSES, { error: tableMessages.statusInvalid }).optional(),
  ),
});
export type KeyListFilters = z.infer<typeof keyListFiltersSchema>;

const idSchema = z.string().min(1).max(64);

/** `?ids=a,b,c`: an export of the selected rows (at most one page of them). */
export const exportIdsSchema = z
  .string()
  .transform((value) => value.split(',').filter((id) => id !== ''))
  .pipe(
    z
      .array(idSchema, { error: tableMessages.bulkIdsInvalid })
      .min(1, tableMessages.bulkIdsInvalid)
      .max(EXPORT_IDS_MAX, tableMessages.exportTooManyIds),
  )
  .optional();

/** Either explicit ids or the filters of "every matching row", exactly one of the two. */
function bulkBody<A extends string, F extends z.ZodType>(actions: readonly A[], filter: F) {
  return z
    .strictObject({
      action: z.enum(actions as [A, ...A[]], { error: tableMessages.bulkActionInvalid }),
      ids: z
        .array(idSchema, { error: tableMessages.bulkIdsInvalid })
        .min(1, tableMessages.bulkIdsInvalid)
        .max(BULK_MAX, tableMessages.bulkTooManyIds)
        .optional(),
      filter: filter.optional(),
    })
    .refine(
      (body) => (body.ids === undefined) !== (body.filter === undefined),
      tableMessages.bulkSelectionRequired,
    );
}

export const USERS_BULK_ACTIONS = ['ban', 'unban', 'delete'] as const;
export type UsersBulkAction = (typeof USERS_BULK_ACTIONS)[number];
export const usersBulkBodySchema = bulkBody(USERS_BULK_ACTIONS, userListFiltersSchema);
export type UsersBulkBody = z.infer<typeof usersBulkBodySchema>;

export const KEYS_BULK_ACTIONS = ['ban', 'delete'] as const;
export type KeysBulkAction = (typeof KEYS_BULK_ACTIONS)[number];
export const keysBulkBodySchema = bulkBody(KEYS_BULK_ACTIONS, keyListFiltersSchema);
export type KeysBulkBody = z.infer<typeof keysBulkBodySchema>;

/** What a bulk action did: rows changed, rows refused (admins, oneself, used keys). */
export const bulkResponseSchema = z.object({
  message: z.string(),
  count: z.number().int(),
  skipped: z.number().int(),
});
export type BulkResponse = z.infer<typeof bulkResponseSchema>;
