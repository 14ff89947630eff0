import type {
  ClientSecuritySignal,
  LoaderReport,
  MessageResponse,
  SecurityEvent,
  SecurityEventAction,
  SecurityEventKind,
  SecurityEventsPage,
  SecurityEventsQuery,
  SecurityRuleAction,
  UnknownLoaderPolicy,
} from '@chaveiro/contract';
import { compareLoaderVersions, protectionMessages as text } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EventRecorder } from '../../events/index.js';
import type { AppContext } from '../../platform/core/context.js';
import { NotFoundError } from '../../platform/core/errors.js';
import { newId } from '../../platform/core/ids.js';
import type { Actor } from '../../platform/http/auth.js';
import { pageOf } from '../../platform/http/paging.js';
import type { ActivityService } from '../activity/index.js';
import { securityRulesOf } from '../products/index.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import type { UserAdminRepository, UsersRepository } from '../users/index.js';
import type { SecurityEventRow, SecurityEventsRepository } from './security-events-repository.js';

/** Whose loader it was: the session's (or the admitted auth's) machine and account. */
export interface GuardedMachine {
  productId: string;
  userId: string;
  username: string;
  subscriptionId: string;
  /** Null when the machine was unbound meanwhile. */
  machineId: string | null;
  hwid: string;
  ip: string;
}

/** What the loader's report at auth means for the product (docs/loader-protocol.md). */
export type LoaderVerdict = 'ok' | 'outdated' | 'modified';

/** The product settings the loader check reads (the loader module has them with the product). */
export interface LoaderPolicy {
  productName: string;
  loaderMinVersion: string | null;
  unknownLoaderPolicy: UnknownLoaderPolicy;
}

export interface LoaderSecurityDeps extends Pick<AppContext, 'clock'> {
  repository: SecurityEventsRepository;
  /** `loader.tampered` (and a ban's `user.banned`) in the event's transaction. */
  events: EventRecorder;
  activity: Pick<ActivityService, 'record'>;
  /** Ending a machine's sessions is the subscriptions module's (it owns `machines`). */
  subscriptions: Pick<SubscriptionsService, 'endMachineSessions' | 'hwidBoundToOthers'>;
  users: Pick<UsersRepository, 'findById'>;
  /** The admin's ban path: status, security epoch ended. */
  userAdmin: Pick<UserAdminRepository, 'setStatus'>;
}

/**
 * The loaders' security (docs/loader-protocol.md): client signals reported on a session and
 * handled by the product's rules, the loader's version and integrity checked at auth, and the
 * admin's "Segurança" queue. Every stored event records `loader.tampered`.
 */
export function createLoaderSecurity({
  clock,
  repository,
  events,
  activity,
  subscriptions,
  users,
  userAdmin,
}: LoaderSecurityDeps) {
  /** Stores one event with `loader.tampered`, in the transaction of its effects. */
  async function store(
    trx: Kysely<Database>,
    machine: GuardedMachine,
    productName: string,
    event: { kind: SecurityEventKind; detail: string | null; action: SecurityEventAction },
    now: number,
  ): Promise<void> {
    const id = newId();
    await repository.insert(
      {
        id,
        product_id: machine.productId,
        user_id: machine.userId,
        username: machine.username,
        subscription_id: machine.subscriptionId,
        machine_id: machine.machineId,
        hwid: machine.hwid,
        kind: event.kind,
        detail: event.detail,
        action: event.action,
        ip: machine.ip,
        created_at: now,
        resolved_at: null,
        resolved_by: null,
      },
      trx,
    );
    await events.record(trx, 'loader.tampered', {
      securityEventId: id,
      productId: machine.productId,
      productName,
      userId: machine.userId,
      username: machine.username,
      subscriptionId: machine.subscriptionId,
      machineId: machine.machineId,
      hwid: machine.hwid,
      kind: event.kind,
      detail: event.detail,
      action: event.action,
      ip: machine.ip,
      at: now,
    });
  }

  /**
   * The action a rule asks for, as far as it may go: an administrator is never banned (a
   * loader's anti-debug tripping on the shop's own machine must not lock it out), and an HWID
   * another active account has bound is never blacklisted (a loader vouches for its own machine
   * only); both still end this machine's sessions.
   */
  async function applicable(
    asked: SecurityRuleAction,
    machine: GuardedMachine,
  ): Promise<SecurityRuleAction> {
    if (asked === 'ban_account') {
      const user = await users.findById(machine.userId);
      return user?.role === 'admin' ? 'end_session' : asked;
    }
    if (asked === 'blacklist_hwid') {
      const shared = await subscriptions.hwidBoundToOthers(
        machine.productId,
        machine.hwid,
        machine.userId,
      );
      return shared ? 'end_session' : asked;
    }
    return asked;
  }

  return {
    /**
     * A signal the loader saw in its own process, on a live session: stored, announced, and
     * acted on by the product's rule for its kind. Answers what was done.
     */
    async report(
      machine: GuardedMachine,
      signal: { kind: ClientSecuritySignal; detail: string | undefined },
    ): Promise<SecurityRuleAction> {
      const product = await repository.findProduct(machine.productId);
      if (!product) throw new NotFoundError(text.securityEventNotFound);
      const action = await applicable(
        securityRulesOf(product.security_rules)[signal.kind],
        machine,
      );
      const now = clock.now();
      await events.transaction(async (trx) => {
        const detail = signal.detail || null;
        await store(trx, machine, product.name, { kind: signal.kind, detail, action }, now);
        // Blacklisting the HWID is the blacklist owner's reaction to the event (keyauth module,
        // before this answers); ending the machine's sessions comes with it.
        if (machine.machineId && (action === 'end_session' || action === 'blacklist_hwid')) {
          await subscriptions.endMachineSessions(machine.machineId, now, trx);
        }
        if (
          action === 'ban_account' &&
          (await userAdmin.setStatus(machine.userId, 'banned', trx, { onlyIfChanged: true }))
        ) {
          // The admin's ban path: its epoch ends every session of the account.
          await events.record(trx, 'user.banned', { userId: machine.userId, by: machine.userId });
          await activity.record(
            trx,
            { userId: machine.userId, username: machine.username, ip: machine.ip },
            {
              type: 'user.banned',
              action: text.logTamperBanned(
                machine.username,
                product.name,
                text.signals[signal.kind],
              ),
              target: `user:${machine.userId}`,
            },
          );
        }
      });
      return action;
    },

    /**
     * The loader an admitted machine runs, against the product's minimum version and published
     * releases: `outdated` when older than the minimum (or silent about its version while one is
     * set); else, once the product published a release, a hash none of them has is recorded
     * (`record`) or recorded and refused (`refuse` → `modified`), or let through (`allow`).
     */
    async checkLoader(
      machine: GuardedMachine,
      policy: LoaderPolicy,
      loader: LoaderReport | undefined,
    ): Promise<LoaderVerdict> {
      const minimum = policy.loaderMinVersion;
      if (minimum && (!loader || compareLoaderVersions(loader.version, minimum) < 0)) {
        return 'outdated';
      }
      if (policy.unknownLoaderPolicy === 'allow') return 'ok';
      const { releases, known } = await repository.releasesOf(machine.productId, loader?.sha256);
      if (releases === 0 || known) return 'ok';
      const refused = policy.unknownLoaderPolicy === 'refuse';
      const detail = loader
        ? text.unknownLoaderDetail(loader.version, loader.sha256)
        : text.loaderNotReported;
      await events.transaction((trx) =>
        store(
          trx,
          machine,
          policy.productName,
          { kind: 'unknown_loader', detail, action: refused ? 'refused' : 'record' },
          clock.now(),
        ),
      );
      return refused ? 'modified' : 'ok';
    },

    /** The "Segurança" queue (and a customer's events): newest first. */
    async list(query: SecurityEventsQuery): Promise<SecurityEventsPage> {
      return pageOf(
        query,
        (limit, offset) => repository.page(query, limit, offset),
        toSecurityEvent,
      );
    },

    /** Marks an event resolved (again: nothing changes), with an audit line. */
    async resolve(id: string, actor: Actor): Promise<MessageResponse> {
      await events.transaction(async (trx) => {
        const event = await repository.find(id, trx);
        if (!event) throw new NotFoundError(text.securityEventNotFound);
        if (!(await repository.resolve(id, actor.userId, clock.now(), trx))) return;
        await activity.record(trx, actor, {
          type: 'security_event.resolved',
          action: text.logSecurityResolved(
            text.signals[event.kind],
            event.username,
            event.product_name,
          ),
          target: event.user_id ? `user:${event.user_id}` : `product:${event.product_id}`,
        });
      });
      return { message: text.securityResolvedToast };
    },
  };
}

export type LoaderSecurityService = ReturnType<typeof createLoaderSecurity>;

function iso(epochMs: number | string | null): string | null {
  return epochMs === null ? null : new Date(Number(epochMs)).toISOString();
}

function toSecurityEvent(row: SecurityEventRow): SecurityEvent {
  return {
    id: row.id,
    product: { id: row.product_id, name: row.product_name },
    user:
      row.user_id && row.current_username
        ? { id: row.user_id, username: row.current_username }
        : null,
    username: row.username,
    subscriptionId: row.subscription_id,
    machineId: row.machine_id,
    hwid: row.hwid,
    kind: row.kind,
    detail: row.detail,
    action: row.action,
    ip: row.ip,
    createdAt: iso(row.created_at) ?? '',
    resolvedAt: iso(row.resolved_at),
    resolvedBy: row.resolved_by,
  };
}
