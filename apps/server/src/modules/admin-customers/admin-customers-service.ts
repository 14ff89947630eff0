import type {
  CustomerOverview,
  CustomerRedeemedKeysPage,
  CustomerSectionQuery,
  CustomerSubscription,
  DepositsPage,
  LedgerPage,
  MessageResponse,
  OrdersPage,
  TicketsPage,
} from '@chaveiro/contract';
import { centsToReais, messages } from '@chaveiro/contract';
import type { Actor } from '../../platform/http/auth.js';
import type { AppContext } from '../../platform/core/context.js';
import { NotFoundError } from '../../platform/core/errors.js';
import type { BalanceService } from '../balance/index.js';
import type {
  ClientRepository,
  ClientService,
  MachineRow,
  OwnSubscriptionRow,
} from '../client/index.js';
import { isOnline, subscriptionStanding } from '../client/index.js';
import type { DepositsService } from '../deposits/index.js';
import type { OrdersService } from '../orders/index.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import type { SupportService } from '../support/index.js';
import type { CustomerRepository } from './customer-repository.js';

export interface AdminCustomersServiceDeps extends Pick<AppContext, 'clock'> {
  customers: CustomerRepository;
  /** An administrator's release of a machine is the subscriptions'. */
  subscriptions: Pick<SubscriptionsService, 'releaseMachineByAdmin'>;
  // The sections are the lists the customer sees of themself, read by their own services.
  balance: Pick<BalanceService, 'ledger'>;
  deposits: Pick<DepositsService, 'list'>;
  orders: Pick<OrdersService, 'list'>;
  support: Pick<SupportService, 'listOwn'>;
  client: Pick<ClientService, 'history'>;
  /** The subscriptions and machines, as the client's own page lists them (with the last IP). */
  clientRepo: Pick<ClientRepository, 'listSubscriptions' | 'listMachines'>;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The admin's customer page (`/admin/users/:id`): one account, its machines and its money. */
export function createAdminCustomersService({
  clock,
  customers,
  subscriptions,
  balance,
  deposits,
  orders,
  support,
  client,
  clientRepo,
}: AdminCustomersServiceDeps) {
  async function existing(userId: string) {
    const profile = await customers.profile(userId);
    if (!profile) throw new NotFoundError(messages.admin.userNotFound);
    return profile;
  }

  /** A section of the page: read beside the account's existence check, 404 when unknown. */
  async function section<T>(userId: string, read: () => Promise<T>): Promise<T> {
    const [, result] = await Promise.all([existing(userId), read()]);
    return result;
  }

  function toSubscription(
    sub: OwnSubscriptionRow,
    machines: MachineRow[],
    now: number,
  ): CustomerSubscription {
    return {
      id: sub.id,
      product_id: sub.product_id,
      product_name: sub.product_name,
      status: sub.status,
      paused_by: sub.status === 'paused' ? sub.paused_by : null,
      ...subscriptionStanding(sub, machines, now),
      max_devices: sub.max_devices,
      pause_credits: sub.pause_credits,
      hwid_reset_credits: sub.hwid_reset_credits,
      created_at: iso(Number(sub.created_at)),
      machines: machines.map((machine) => ({
        id: machine.id,
        hwid: machine.hwid,
        first_seen_at: iso(Number(machine.first_seen_at)),
        last_seen_at: iso(Number(machine.last_seen_at)),
        online: isOnline(Number(machine.last_seen_at), now),
        last_ip: machine.last_ip,
      })),
    };
  }

  return {
    async overview(userId: string): Promise<CustomerOverview> {
      const [profile, login, subs, machines] = await Promise.all([
        customers.profile(userId),
        customers.lastLogin(userId),
        clientRepo.listSubscriptions(userId),
        clientRepo.listMachines(userId),
      ]);
      if (!profile) throw new NotFoundError(messages.admin.userNotFound);
      const now = clock.now();
      return {
        profile: {
          id: profile.id,
          username: profile.username,
          email: profile.email,
          role: profile.role,
          status: profile.status,
          avatar_url: profile.avatar_url,
          email_verified: profile.email_verified_at !== null,
          totp_enabled: Number(profile.totp_enabled) === 1,
          balance: centsToReais(Number(profile.balance_cents)),
          xp: Number(profile.xp),
          created_at: iso(Number(profile.created_at)),
          last_login_at: login ? iso(Number(login.last_at)) : null,
          last_login_ip: login?.ip ?? null,
        },
        subscriptions: subs.map((sub) =>
          toSubscription(
            sub,
            machines.filter((machine) => machine.subscription_id === sub.id),
            now,
          ),
        ),
      };
    },

    ledger(userId: string, query: CustomerSectionQuery): Promise<LedgerPage> {
      return section(userId, () => balance.ledger(userId, query));
    },

    deposits(userId: string, query: CustomerSectionQuery): Promise<DepositsPage> {
      return section(userId, () => deposits.list(userId, query));
    },

    orders(userId: string, query: CustomerSectionQuery): Promise<OrdersPage> {
      return section(userId, () => orders.list(userId, query));
    },

    tickets(userId: string, query: CustomerSectionQuery): Promise<TicketsPage> {
      return section(userId, () => support.listOwn(userId, { ...query, status: undefined }));
    },

    /** The keys the customer redeemed (their own history, at most 200), paged here. */
    async redeemedKeys(
      userId: string,
      query: CustomerSectionQuery,
    ): Promise<CustomerRedeemedKeysPage> {
      const all = await section(userId, () => client.history(userId));
      const start = (query.page - 1) * query.pageSize;
      return {
        items: all.slice(start, start + query.pageSize),
        total: all.length,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /**
     * Releases one machine of the customer (the others stay bound) without spending any of
     * their credits; an unknown customer is 404 before any machine is looked at.
     */
    async releaseMachine(
      userId: string,
      machineId: string,
      actor: Actor,
    ): Promise<MessageResponse> {
      await existing(userId);
      return subscriptions.releaseMachineByAdmin(userId, machineId, actor);
    },
  };
}

export type AdminCustomersService = ReturnType<typeof createAdminCustomersService>;
