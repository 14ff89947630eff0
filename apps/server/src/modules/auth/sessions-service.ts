import type {
  ActiveSessionsResponse,
  MessageResponse,
  endOtherSessionsResponseSchema,
} from '@chaveiro/contract';
import { LIMITS, TIMING, accountMessages } from '@chaveiro/contract';
import type { z } from 'zod';
import type { EventRecorder } from '../../events/index.js';
import type { AuthUserState } from '../../platform/http/auth.js';
import type { AppContext } from '../../platform/core/context.js';
import { NotFoundError } from '../../platform/core/errors.js';
import { newId } from '../../platform/core/ids.js';
import type { UsersRepository } from '../users/index.js';
import { USER_AGENT_MAX, deviceLabel } from './device-label.js';
import type { SessionsRepository } from './sessions-repository.js';

type EndOtherSessionsResponse = z.infer<typeof endOtherSessionsResponseSchema>;

export interface SessionsServiceDeps extends Pick<
  AppContext,
  'clock' | 'background' | 'runInBackground'
> {
  sessions: SessionsRepository;
  users: Pick<UsersRepository, 'findAuthState'>;
  /** A login from a new browser or address records `account.new_device` with its session. */
  events: EventRecorder;
}

/** Who is acting on their sessions: the signed-in user and the session of the request. */
export interface SessionOwner {
  userId: string;
  sessionId: string;
}

/**
 * Server-side sessions: one per site login, named by the session JWT's `sid`. The
 * role guard admits a token only while its session is live (`loadUser`); ending the session
 * (logout, "Encerrar", a password change or reset) ends the token at its next request.
 */
export function createSessionsService({
  clock,
  background,
  runInBackground,
  sessions,
  users,
  events,
}: SessionsServiceDeps) {
  /** Sessions whose last-seen write is under way on this node: one write at a time each. */
  const touching = new Set<string>();

  function touch(sessionId: string, now: number): void {
    if (touching.has(sessionId)) return;
    touching.add(sessionId);
    background.run('session-last-seen', async () => {
      try {
        await runInBackground([sessions.touchQuery(sessionId, now)]);
      } finally {
        touching.delete(sessionId);
      }
    });
  }

  return {
    /**
     * The role guard's read (AuthPluginOptions.loadUser), the one seam the session check goes
     * through: the user joined to their live session in one query, no cache to invalidate (a
     * cache shared by the nodes would wrap this). The last-seen time is written off the request,
     * at most every TIMING.sessionLastSeenWriteMs.
     */
    async loadUser(userId: string, sessionId: string): Promise<AuthUserState | undefined> {
      const state = await users.findAuthState(userId, sessionId);
      if (!state) return undefined;
      const now = clock.now();
      if (now - state.sessionLastSeenAt >= TIMING.sessionLastSeenWriteMs) touch(sessionId, now);
      return state;
    },

    /**
     * Opens the session of a login and answers its id (the token's `sid`). When the account had
     * signed in before but never from this browser and address, `account.new_device` is recorded
     * in the same transaction (its bell line and e-mail follow from the outbox).
     */
    async open(userId: string, request: { userAgent: string | undefined; ip: string }) {
      const id = newId();
      const now = clock.now();
      const device = deviceLabel(request.userAgent);
      await events.transaction(async (trx) => {
        const known = await sessions.seenBefore(userId, device, request.ip, id, trx);
        const returning = known || (await sessions.hasAny(userId, id, trx));
        await sessions.insert(
          {
            id,
            user_id: userId,
            device,
            user_agent: (request.userAgent ?? '').slice(0, USER_AGENT_MAX),
            ip: request.ip,
            created_at: now,
            last_seen_at: now,
          },
          trx,
        );
        if (returning && !known) {
          await events.record(trx, 'account.new_device', {
            userId,
            sessionId: id,
            device,
            ip: request.ip,
            at: now,
          });
        }
      });
      return id;
    },

    async list({ userId, sessionId }: SessionOwner): Promise<ActiveSessionsResponse> {
      const rows = await sessions.listActive(userId, LIMITS.sessionsListMax);
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          device: row.device,
          ip: row.ip,
          createdAt: new Date(row.created_at).toISOString(),
          lastSeenAt: new Date(row.last_seen_at).toISOString(),
          current: row.id === sessionId,
        })),
      };
    },

    /** Ends one of the user's sessions (the current one too: that is a logout). */
    async end({ userId }: SessionOwner, id: string): Promise<MessageResponse> {
      if (!(await sessions.end(userId, id, clock.now()))) {
        throw new NotFoundError(accountMessages.sessionNotFound, 'SESSION_NOT_FOUND');
      }
      return { message: accountMessages.sessionEnded };
    },

    async endOthers({ userId, sessionId }: SessionOwner): Promise<EndOtherSessionsResponse> {
      const ended = await sessions.endAllExcept(userId, sessionId, clock.now());
      return { message: accountMessages.othersEnded(ended), ended };
    },

    /** Logout: the request's session ends on the server, so its token stops working at once. */
    async logout({ userId, sessionId }: SessionOwner): Promise<MessageResponse> {
      await sessions.end(userId, sessionId, clock.now());
      return { message: accountMessages.loggedOut };
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
