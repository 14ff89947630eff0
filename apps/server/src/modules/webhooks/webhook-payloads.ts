import type { WebhookEventType } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { DomainEvent, EventType } from '../../events/index.js';
import type { SubscriptionFacts, UserFacts, WebhooksRepository } from './webhooks-repository.js';

/**
 * The public `data` of each webhook event (docs/webhooks.md), built when the event fans out:
 * ids, names, the key's value, amounts in reais and cents, HWID and IP where they matter. Never
 * a hash, a secret or an internal flag. A user or product gone by then is null.
 */
export interface PublicUser {
  id: string;
  username: string;
  email: string | null;
}
export interface PublicProduct {
  id: string;
  name: string;
}
export interface PublicSubscription {
  id: string;
  /** ISO-8601; null while paused (its clock is frozen). */
  expiresAt: string | null;
}

/** The body every endpoint in `json` format receives (and the one signed). */
export interface WebhookBody {
  /** The event's id: stable across retries and resends; receivers dedupe on it. */
  id: string;
  type: WebhookEventType | 'webhook.test';
  /** ISO-8601: when the change happened. */
  createdAt: string;
  data: Record<string, unknown>;
}

type Reader = Pick<WebhooksRepository, 'usersByIds' | 'product' | 'subscription' | 'keyValue'>;

/** The public type a domain event is delivered as; loader refusals only for a HWID mismatch. */
export const PUBLIC_TYPE_OF = {
  'key.redeemed': 'key.redeemed',
  'purchase.completed': 'purchase.completed',
  'deposit.paid': 'deposit.paid',
  'deposit.refunded': 'deposit.refunded',
  'subscription.expiring': 'subscription.expiring',
  'subscription.expired': 'subscription.expired',
  'subscription.paused': 'subscription.paused',
  'subscription.resumed': 'subscription.resumed',
  'user.registered': 'user.registered',
  'user.banned': 'user.banned',
  'hwid.reset': 'hwid.reset',
  'machine.bound': 'machine.bound',
  'delivery.leaked': 'delivery.leaked',
  'loader.refused': 'loader.hwid_mismatch',
  'product.status_changed': 'product.status_changed',
  'loader.tampered': 'loader.tampered',
} as const satisfies Partial<Record<EventType, WebhookEventType>>;

export type SourceEventType = keyof typeof PUBLIC_TYPE_OF;

export function money(cents: number): { amount: number; amountCents: number } {
  return { amount: cents / 100, amountCents: cents };
}

function iso(epochMs: number | null | undefined): string | null {
  return epochMs === null || epochMs === undefined ? null : new Date(epochMs).toISOString();
}

function publicUser(user: UserFacts | undefined): PublicUser | null {
  return user ? { id: user.id, username: user.username, email: user.email } : null;
}

function publicSubscription(subscription: SubscriptionFacts | undefined, id: string) {
  return { id, expiresAt: iso(subscription?.expiresAt) };
}

/** Builds the public body's `data` for one domain event, reading what the payload only names. */
export async function buildEventData(
  trx: Kysely<Database>,
  reader: Reader,
  event: DomainEvent<SourceEventType>,
): Promise<Record<string, unknown>> {
  const userOf = async (id: string | null) =>
    id === null ? null : publicUser((await reader.usersByIds(trx, [id]))[0]);
  const productOf = async (id: string) => (await reader.product(trx, id)) ?? null;
  const subscriptionParts = async (id: string) => {
    const subscription = await reader.subscription(trx, id);
    return {
      subscription: publicSubscription(subscription, id),
      product: subscription ? { id: subscription.productId, name: subscription.productName } : null,
    };
  };

  switch (event.type) {
    case 'key.redeemed': {
      const p = (event as DomainEvent<'key.redeemed'>).payload;
      const { subscription } = await subscriptionParts(p.subscriptionId);
      return {
        key: { id: p.keyId, value: (await reader.keyValue(trx, p.keyId)) ?? null, days: p.days },
        user: await userOf(p.userId),
        product: await productOf(p.productId),
        subscription,
        via: p.via ?? null,
        ip: p.ip ?? null,
      };
    }
    case 'purchase.completed': {
      const p = (event as DomainEvent<'purchase.completed'>).payload;
      const product = await productOf(p.productId);
      const { subscription } = await subscriptionParts(p.subscriptionId);
      return {
        orderId: p.orderId ?? null,
        user: await userOf(p.userId),
        product: product ?? (p.productName ? { id: p.productId, name: p.productName } : null),
        subscription: p.expiresAt
          ? { id: p.subscriptionId, expiresAt: iso(p.expiresAt) }
          : subscription,
        durationType: p.durationType,
        days: p.days,
        ...money(p.amountCents),
        method: p.method ?? 'balance',
      };
    }
    case 'deposit.paid': {
      const p = (event as DomainEvent<'deposit.paid'>).payload;
      return {
        depositId: p.depositId,
        reference: p.reference,
        user: await userOf(p.userId),
        ...money(p.amountCents),
        gateway: p.gateway,
        orderId: p.orderId,
      };
    }
    case 'deposit.refunded': {
      const p = (event as DomainEvent<'deposit.refunded'>).payload;
      return {
        depositId: p.depositId,
        reference: p.reference,
        user: await userOf(p.userId),
        ...money(p.amountCents),
        balanceAfter: p.balanceAfterCents / 100,
        balanceAfterCents: p.balanceAfterCents,
        orderId: p.orderId,
      };
    }
    case 'subscription.expiring': {
      const p = (event as DomainEvent<'subscription.expiring'>).payload;
      const { product } = await subscriptionParts(p.subscriptionId);
      return {
        subscription: { id: p.subscriptionId, expiresAt: iso(p.expiresAt) },
        user: await userOf(p.userId),
        product: product ?? { id: null, name: p.productName },
        daysBefore: p.daysBefore,
      };
    }
    case 'subscription.expired': {
      const p = (event as DomainEvent<'subscription.expired'>).payload;
      return {
        subscription: { id: p.subscriptionId, expiresAt: iso(p.expiresAt) },
        user: await userOf(p.userId),
        product: { id: p.productId, name: p.productName },
      };
    }
    case 'subscription.paused':
    case 'subscription.resumed': {
      const p = (event as DomainEvent<'subscription.paused'>).payload;
      return {
        ...(await subscriptionParts(p.subscriptionId)),
        user: await userOf(p.userId),
        by: p.by,
      };
    }
    case 'user.registered': {
      const p = (event as DomainEvent<'user.registered'>).payload;
      const user = await userOf(p.userId);
      return { user: user && { ...user, role: p.role }, via: p.via };
    }
    case 'user.banned': {
      const p = (event as DomainEvent<'user.banned'>).payload;
      const [user, by] = [await userOf(p.userId), await userOf(p.by)];
      return { user, bannedBy: by && { id: by.id, username: by.username } };
    }
    case 'hwid.reset': {
      const p = (event as DomainEvent<'hwid.reset'>).payload;
      const admin = p.by ? await userOf(p.by) : null;
      return {
        ...(await subscriptionParts(p.subscriptionId)),
        user: await userOf(p.userId),
        machinesReleased: p.machinesReleased,
        by: p.by ? 'admin' : 'owner',
        admin: admin && { id: admin.id, username: admin.username },
      };
    }
    case 'machine.bound': {
      const p = (event as DomainEvent<'machine.bound'>).payload;
      const { subscription, product } = await subscriptionParts(p.subscriptionId);
      return {
        machineId: p.machineId,
        subscription,
        user: await userOf(p.ownerId),
        product: product ?? { id: null, name: p.productName },
        hwid: p.hwid,
        ip: p.ip,
      };
    }
    case 'product.status_changed': {
      // The event's own facts, as they were at the change (the product may be renamed since).
      const p = (event as DomainEvent<'product.status_changed'>).payload;
      return {
        product: { id: p.productId, name: p.productName },
        status: p.status,
        previousStatus: p.previousStatus,
        note: p.note,
        timeFrozen: p.timeFrozen,
        previousTimeFrozen: p.previousTimeFrozen,
        since: iso(p.since),
        subscriptionsAffected: p.subscriptionsAffected,
        givenBackMs: p.givenBackMs,
        changedBy: p.changedBy,
        reason: p.reason,
      };
    }
    case 'delivery.leaked': {
      // The delivery's facts as recorded at the trace (the account may be gone since).
      const p = (event as DomainEvent<'delivery.leaked'>).payload;
      const user = await userOf(p.userId);
      return {
        delivery: { id: p.deliveryId, deliveredAt: iso(p.deliveredAt) },
        verdict: p.verdict,
        user: user ?? { id: p.userId, username: p.username, email: null },
        product: await productOf(p.productId),
        subscription: p.subscriptionId
          ? (await subscriptionParts(p.subscriptionId)).subscription
          : null,
        machineId: p.machineId,
        hwid: p.hwid,
        ip: p.ip,
        tracedBy: await userOf(p.tracedBy).then(
          (admin) => admin && { id: admin.id, username: admin.username },
        ),
      };
    }
    case 'loader.tampered': {
      // What the loader reported (or the server saw) and what the product's rule did.
      const p = (event as DomainEvent<'loader.tampered'>).payload;
      return {
        securityEventId: p.securityEventId,
        user: await userOf(p.userId),
        product: (await productOf(p.productId)) ?? { id: p.productId, name: p.productName },
        subscriptionId: p.subscriptionId,
        machineId: p.machineId,
        hwid: p.hwid,
        kind: p.kind,
        detail: p.detail,
        action: p.action,
        ip: p.ip,
      };
    }
    case 'loader.refused': {
      const p = (event as DomainEvent<'loader.refused'>).payload;
      return {
        user: await userOf(p.userId),
        product: await productOf(p.productId),
        hwid: p.hwid ?? null,
        ip: p.ip,
      };
    }
  }
}
