import type { ActivityPage, ActivityQuery, RecentActivitiesResponse } from '@chaveiro/contract';
import { ADMIN_LIMITS } from '@chaveiro/contract';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { authOf } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { newId } from '../../platform/ids.js';
import type { ActivityEntry } from './activity-repository.js';
import { createActivityRepository } from './activity-repository.js';

/** Who performed an admin action and from where, as the activity log records it. */
export interface Actor {
  userId: string;
  username: string;
  ip: string;
}

/** The actor of a request behind `requireRole`. */
export function actorOf(request: FastifyRequest): Actor {
  const { userId, username } = authOf(request);
  return { userId, username, ip: request.ip };
}

export interface ActivityRecord {
  action: string;
  /** What the action touched, e.g. `user:<id>`, for later filtering. */
  target?: string;
}

export function createActivityService({ db, clock }: Pick<AppContext, 'db' | 'clock'>) {
  const repository = createActivityRepository(db);
  return {
    /** Writes one log line; call it inside the action's own transaction (`executor`). */
    async record(executor: Kysely<Database>, actor: Actor, entry: ActivityRecord): Promise<void> {
      await repository.insert(
        {
          id: newId(),
          actorId: actor.userId,
          action: entry.action,
          target: entry.target ?? null,
          ip: actor.ip,
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
