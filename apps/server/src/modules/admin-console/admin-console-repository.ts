import type { KeyStatus, ProductStatus, Role, UserStatus } from '@chaveiro/contract';
import { DEPOSIT_GATEWAYS } from '@chaveiro/contract';
import type { Expression, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SqlDialect } from '../../platform/db/database.js';
import { contains, startsWith } from '../../platform/db/search.js';

/** The gateways that take the payment themselves (equality on deposits_gateway_status_idx). */
const CHARGING_GATEWAYS = DEPOSIT_GATEWAYS.filter((gateway) => gateway !== 'manual');

export interface FoundUser {
  id: string;
  username: string;
  email: string | null;
  role: Role;
  status: UserStatus;
}

export interface FoundKey {
  id: string;
  key: string;
  product_name: string;
  status: KeyStatus;
  expires_at: number | null;
}

export interface FoundProduct {
  id: string;
  name: string;
  status: ProductStatus;
}

/**
 * The admin console's reads across the shop: the work-queue counts (one statement, each count
 * an index range) and the command palette's lookups (each an index range read in order, so a
 * short prefix matching most rows still reads only `limit` of them).
 */
export function createAdminConsoleRepository(db: Kysely<Database>, dialect: SqlDialect) {
  const userColumns = ['id', 'username', 'email', 'role', 'status'] as const;

  return {
    async queueCounts(): Promise<{
      pendingDeposits: number;
      openTickets: number;
      openSecurityEvents: number;
    }> {
      const row = await db
        .selectNoFrom((eb) => [
          // Manual PIX waiting for the admin's approval (deposits_gateway_status_idx).
          eb
            .selectFrom('deposits')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .where('gateway', '=', 'manual')
            .where('status', '=', 'pending')
            .as('manualPending'),
          // Gateway charges flagged while pending (amount mismatch): the admin must decide them.
          eb
            .selectFrom('deposits')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .where('gateway', 'in', CHARGING_GATEWAYS)
            .where('status', '=', 'pending')
            .where('flag', 'is not', null)
            .as('flaggedPending'),
          // support_tickets (status, updated_at, id): open = the customer spoke last.
          eb
            .selectFrom('support_tickets')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .where('status', '=', 'open')
            .as('openTickets'),
          // Loader security events no admin has resolved yet
          // (loader_security_events_resolved_at_created_at_idx).
          eb
            .selectFrom('loader_security_events')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .where('resolved_at', 'is', null)
            .as('openSecurityEvents'),
        ])
        .executeTakeFirstOrThrow();
      return {
        pendingDeposits: Number(row.manualPending) + Number(row.flaggedPending),
        openTickets: Number(row.openTickets),
        openSecurityEvents: Number(row.openSecurityEvents),
      };
    },

    /**
     * Accounts whose username or e-mail starts with `q` (case-insensitive): two ordered index
     * ranges of `limit` rows each, merged by the service (an OR would sort every match).
     */
    async usersStartingWith(q: string, limit: number): Promise<FoundUser[]> {
      const key = q.toLowerCase();
      const [byName, byEmail] = await Promise.all(
        (['username_lower', 'email_lower'] as const).map((column) =>
          db
            .selectFrom('users')
            .select(userColumns)
            // Accounts without an e-mail have a null email_lower, which never starts with anything.
            .where((eb) => startsWith(eb, eb.ref(column) as Expression<string>, key, dialect))
            .orderBy(column)
            .limit(limit)
            .execute(),
        ),
      );
      return [...(byName ?? []), ...(byEmail ?? [])];
    },

    /** Keys starting with `q` (stored uppercase; the unique index on `key`), with their product. */
    keysStartingWith(q: string, limit: number): Promise<FoundKey[]> {
      return db
        .selectFrom('license_keys as k')
        .innerJoin('products as p', 'p.id', 'k.product_id')
        .select(['k.id', 'k.key', 'p.name as product_name', 'k.status', 'k.expires_at'])
        .where((eb) => startsWith(eb, eb.ref('k.key'), q.toUpperCase(), dialect))
        .orderBy('k.key')
        .limit(limit)
        .execute();
    },

    /** Products whose name contains `q` (a small table: a scan is fine). */
    productsNamed(q: string, limit: number): Promise<FoundProduct[]> {
      return db
        .selectFrom('products')
        .select(['id', 'name', 'status'])
        .where(() => contains(sql<string>`lower(name)`, q.toLowerCase()))
        .orderBy('name')
        .limit(limit)
        .execute();
    },
  };
}

export type AdminConsoleRepository = ReturnType<typeof createAdminConsoleRepository>;
