import type { ActivityPage, ActivityQuery, RecentActivitiesResponse } from '@chaveiro/contract';
import { ADMIN_LIMITS } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { newId } from '../../platform/ids.js';
import type { ActivityEntry, ActivityRepository } from './activity-repository.js';

export interface ActivityRecord {
  /** The typed action, e.g. `user.banned` (issue #22 makes it required). */
  type?: string;
  action: string;
  /** What the action touched, e.g. `user:<id>`, for later filtering. */
  target?: string;
}

export interface ActivityServiceDeps extends Pick<AppContext, 'clock'> {
  repository: ActivityRepository;
}

export function createActivityService({ clock, repository }: ActivityServiceDeps) {
  return {
    /** Writes one log line; call it inside the action's own transaction (`executor`). */
    async record(
      executor: Kysely<Database>,
      /** Who acted; null for the system (a payment gateway's confirmation). */
      actor: Actor | null,
      entry: ActivityRecord,
    ): Promise<void> {
      await repository.insert(
        {
          id: newId(),
          actorId: actor?.userId ?? null,
          type: entry.type,
          action: entry.action,
          target: entry.target ?? null,
          // Null for the gateway; '' when no request is behind it (an order completed by its PIX).
          ip: actor?.ip ? actor.ip : null,
          createdAt: clock.now(),
        },
        executor,
      );
    },

    /**
     * Writes one log line for a caller that may be no known user (e.g. a failed loader attempt
     * naming an account that does not exist), outside any transaction.
     */
    async recordAttempt(
      caller: { userId: string | null; ip: string },
      entry: ActivityRecord,
    ): Promise<void> {
      await repository.insert({
        id: newId(),
        actorId: caller.userId,
        type: entry.type,
        action: entry.action,
        target: entry.target ?? null,
        ip: caller.ip,
        createdAt: clock.now(),
      });
    },

    async recent(): Promise<RecentActivitiesResponse> {
      const { rows } = await repository.page(undefined, ADMIN_LIMITS.recentActivities, 0);
      return rows.map(toActivity);
    },

    async list(query: ActivityQuery): Promise<ActivityPage> {
      const { rows, total } = await repository.page(
        query.q,
        query.pageSize,
        (query.page - 1) * query.pageSize,
      );
      return { items: rows.map(toActivity), total, page: query.page, pageSize: query.pageSize };
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;

function toActivity(row: ActivityEntry) {
  return { id: row.id, action: row.action, created_at: new Date(row.created_at).toISOString() };
}
