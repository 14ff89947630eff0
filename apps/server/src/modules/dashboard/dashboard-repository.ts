import type { MetricsResponse } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface MetricsWindow {
  now: number;
  /** Machines seen at or after this instant count as online. */
  onlineSince: number;
  /** Running subscriptions that expired at or after this instant (and before now) count. */
  expiredSince: number;
}

/** The dashboard's counts: one statement, each count an index range scan (see the migration). */
export function createDashboardRepository(db: Kysely<Database>) {
  return {
    async metrics({ now, onlineSince, expiredSince }: MetricsWindow): Promise<MetricsResponse> {
      const row = await db
        .selectNoFrom((eb) => [
          eb
            .selectFrom('machines')
            .innerJoin('subscriptions', 'subscriptions.id', 'machines.subscription_id')
            .select((inner) => inner.fn.count<number>('subscriptions.user_id').distinct().as('n'))
            .where('machines.last_seen_at', '>=', onlineSince)
            .as('onlineUsers'),
          eb
            .selectFrom('subscriptions')
            .select((inner) => inner.fn.count<number>('user_id').distinct().as('n'))
            .where('status', '=', 'active')
            .where('expires_at', '>', now)
            .as('activeUsers'),
          eb
            .selectFrom('users')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .where('status', '=', 'banned')
            .as('bannedUsers'),
          eb
            .selectFrom('subscriptions')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .where('status', '=', 'active')
            .where('expires_at', '>=', expiredSince)
            .where('expires_at', '<', now)
            .as('expiredSubscriptions'),
        ])
        .executeTakeFirstOrThrow();
      return {
        onlineUsers: Number(row.onlineUsers),
        activeUsers: Number(row.activeUsers),
        bannedUsers: Number(row.bannedUsers),
        expiredSubscriptions: Number(row.expiredSubscriptions),
      };
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
