import type {
  DepositGateway,
  LoaderRefusalCode,
  PausedBy,
  PlanDurationType,
  ProductOperationalStatus,
  Role,
  SecurityEpochReason,
  SecurityEventAction,
  SecurityEventKind,
} from '@chaveiro/contract';

/** Where a key was redeemed. */
export type RedemptionVia = 'customer' | 'loader' | 'admin';

/**
 * Every domain event, by name, with its payload. A payload holds ids and the facts of the
 * change as they were when it committed, enough for a handler to act without re-reading state
 * that may have changed since. Payloads only grow: a new field is optional (older rows lack
 * it); a change of meaning is a new event name. docs/architecture.md lists when each is
 * recorded.
 */
export interface DomainEvents {
  /** A licence key was redeemed (customer, loader or admin "Link User"). */
  'key.redeemed': {
    keyId: string;
    /** The redeemer. */
    userId: string;
    productId: string;
    /** The subscription created or extended. */
    subscriptionId: string;
    days: number;
    /** Who generated the key (an admin or a reseller); null once that account is gone. */
    keyCreatedBy: string | null;
    /**
     * Where: the customer's redeem, the loader, or an admin's "Link User" (absent in events
     * recorded before it was added).
     */
    via?: RedemptionVia;
    /** The redeeming request's address ('' when unknown). */
    ip?: string;
  };
  /**
   * A running subscription passed its expiry (the expiry pass of `notifications`): one per
   * subscription and expiry, so a renewal that runs out again records it again.
   */
  'subscription.expired': {
    subscriptionId: string;
    userId: string;
    productId: string;
    productName: string;
    /** Epoch ms: the expiry that passed. */
    expiresAt: number;
  };
  /**
   * A product's operational status changed (products module, one per change, in its
   * transaction): what it is now and was before, and what this change froze or gave back.
   */
  'product.status_changed': {
    productId: string;
    productName: string;
    status: ProductOperationalStatus;
    previousStatus: ProductOperationalStatus;
    /** The public note now (null when none). */
    note: string | null;
    /** Whether the product's customers' time stands still now, and before the change. */
    timeFrozen: boolean;
    previousTimeFrozen: boolean;
    /** Epoch ms: when the change took effect. */
    since: number;
    /** Subscriptions this change froze (a freeze began) or gave time back to (it ended). */
    subscriptionsAffected: number;
    /** Time this change gave back, summed over those subscriptions (0 unless a freeze ended). */
    givenBackMs: number;
    /** Who changed it (null: the seller API's token owner is gone). */
    changedBy: string | null;
    reason: string | null;
  };
  'subscription.paused': {
    subscriptionId: string;
    /** The subscription's owner. */
    userId: string;
    /**
     * `user`: its owner spent a pause credit; `global`: the administration's "pause all";
     * `admin`: an administrator paused this one subscription (seller API).
     */
    by: PausedBy;
  };
  'subscription.resumed': {
    subscriptionId: string;
    userId: string;
    by: PausedBy;
  };
  /**
   * A shop purchase paid: from the balance at once, or completed when its PIX deposit was paid
   * (its order's completion).
   */
  'purchase.completed': {
    userId: string;
    productId: string;
    durationType: PlanDurationType;
    days: number;
    amountCents: number;
    subscriptionId: string;
    /** The order row (absent in events recorded before orders existed). */
    orderId?: string;
    /** The product's name when bought. */
    productName?: string;
    /** The subscription's expiry after the purchase (epoch ms; as if resumed now when paused). */
    expiresAt?: number;
    /** `pix`: completed by the confirmation of its deposit, with nobody waiting on the page. */
    method?: 'balance' | 'pix';
  };
  /** An order paid by PIX could not complete: the money it received stays on the balance. */
  'order.failed': {
    orderId: string;
    userId: string;
    productName: string;
    /** Why, as the customer is told (pt-BR). */
    reason: string;
  };
  /** A running subscription nears its expiry: one per subscription, expiry and threshold. */
  'subscription.expiring': {
    subscriptionId: string;
    userId: string;
    productName: string;
    /** Epoch ms. */
    expiresAt: number;
    /** The reminder: 3 days or 1 day before. */
    daysBefore: 3 | 1;
  };
  /**
   * A deposit was paid and its amount credited, in the same transaction: an admin's approval
   * (manual PIX) or the gateway's confirmation (webhook or poll).
   */
  'deposit.paid': {
    depositId: string;
    userId: string;
    amountCents: number;
    reference: string;
    /** The order a checkout opened the deposit for, if any. */
    orderId: string | null;
    gateway: DepositGateway;
    /** The approving admin; null when the gateway confirmed it. */
    by: string | null;
  };
  /** A paid deposit was refunded or charged back: its amount debited (the balance may go negative). */
  'deposit.refunded': {
    depositId: string;
    userId: string;
    amountCents: number;
    reference: string;
    orderId: string | null;
    balanceAfterCents: number;
  };
  /**
   * A gateway notified a change of one of its payments (a signature-checked webhook). Its
   * handler re-reads the payment from the gateway and settles the deposit.
   */
  'payment.notified': {
    gateway: 'mercadopago';
    paymentId: string;
  };
  /**
   * A pending gateway charge closed unpaid (expired, cancelled, or refunded before any credit):
   * nothing was credited, the order it was for cannot be paid by it any more.
   */
  'deposit.closed': {
    depositId: string;
    userId: string;
    reference: string;
    orderId: string | null;
    status: 'cancelled' | 'expired' | 'refunded';
  };
  /** An admin rejected a pending deposit: nothing was credited. */
  'deposit.rejected': {
    depositId: string;
    userId: string;
    amountCents: number;
    reference: string;
    /** The reason the customer is told, as stored. */
    reason: string;
    /** The rejecting admin. */
    by: string;
  };
  /** An account was created: a sign-up, or an admin's "Criar usuário". */
  'user.registered': {
    userId: string;
    role: Role;
    /**
     * `signup`: the public form; `admin`: created by an admin; `keyauth`: a KeyAuth-compatible
     * loader's `license` (a new key's account) or `register` (docs/keyauth-compat.md).
     */
    via: 'signup' | 'admin' | 'keyauth';
    /** The account's `created_at` (epoch ms). */
    at: number;
  };
  /** A reseller bought keys with its balance (one event per purchase). */
  'reseller.keys_purchased': {
    resellerId: string;
    productId: string;
    durationType: PlanDurationType;
    quantity: number;
    unitCents: number;
    totalCents: number;
    /** The keys' `created_at` (epoch ms): every key of one purchase shares it. */
    at: number;
  };
  'user.banned': {
    userId: string;
    /** The admin who banned them. */
    by: string;
  };
  /**
   * Every machine of a subscription unbound: by its owner's HWID reset (a credit spent), or by
   * an admin's reset of the whole account (one event per subscription that had machines).
   */
  'hwid.reset': {
    subscriptionId: string;
    /** The subscription's owner. */
    userId: string;
    machinesReleased: number;
    /** The admin who reset the account; absent when the owner reset it. */
    by?: string;
  };
  /** A machine was bound to a subscription (account login or a key redeemed from the loader). */
  'machine.bound': {
    machineId: string;
    subscriptionId: string;
    ownerId: string;
    productName: string;
    hwid: string;
    ip: string;
    at: number;
  };
  /** One machine released ("Liberar"). */
  'machine.released': {
    machineId: string;
    subscriptionId: string;
    ownerId: string;
    /** True when no reset credit was spent (the free release, or an admin's release). */
    free: boolean;
    /** The admin who released it from the customer page; absent when the owner did. */
    by?: string;
  };
  /**
   * A site login from a browser and address pair this account never used before (not its
   * first login ever): the owner gets a bell line and an e-mail, "Novo acesso à sua conta".
   */
  'account.new_device': {
    userId: string;
    sessionId: string;
    /** "Chrome no Windows". */
    device: string;
    ip: string;
    at: number;
  };
  /**
   * An account's security epoch ended: its token_version rose (a password reset or change, an
   * e-mail change undone, a ban, a role change). Every session, loader session and API token of
   * the earlier epochs is refused from this commit on; handlers record what that ended.
   */
  'account.epoch_ended': {
    userId: string;
    reason: SecurityEpochReason;
    /** The account's token_version from now on. */
    tokenVersion: number;
  };
  /** The end of a security epoch revoked the account's live API tokens (at least one). */
  'api_tokens.revoked': {
    userId: string;
    reason: SecurityEpochReason;
    /** The tokens revoked, as the owner recognises them. */
    tokens: { id: string; name: string; prefix: string }[];
  };
  /**
   * An admin traced a leaked copy of a product file to the delivery it came from ("Rastrear
   * vazamento"): the copy was identical to that delivery, or carried its intact mark.
   */
  'delivery.leaked': {
    deliveryId: string;
    productId: string;
    /** The customer the copy was delivered to (null once that account is gone). */
    userId: string | null;
    username: string;
    subscriptionId: string | null;
    machineId: string | null;
    hwid: string;
    /** The address of the auth that made the delivery. */
    ip: string;
    /** Epoch ms: when the copy was delivered (the auth). */
    deliveredAt: number;
    verdict: 'identical' | 'mark_intact';
    /** The admin who traced it. */
    tracedBy: string;
  };
  /** A loader request refused, as counted per address. */
  'loader.refused': {
    code: LoaderRefusalCode;
    /** The account named, when it exists. */
    userId: string | null;
    ip: string;
    /** The product the request named (it may not exist). */
    productId: string;
    /** The machine's HWID as sent (absent in events recorded before it was added). */
    hwid?: string;
  };
  /**
   * A loader reported a security signal on its session, or authenticated with a loader whose
   * hash is no published release (loader-security module, with the stored event, in its
   * transaction): what was seen and what the product's rule did.
   */
  'loader.tampered': {
    /** The stored event (`loader_security_events.id`). */
    securityEventId: string;
    productId: string;
    productName: string;
    userId: string;
    /** The account's username then. */
    username: string;
    subscriptionId: string | null;
    machineId: string | null;
    hwid: string;
    kind: SecurityEventKind;
    detail: string | null;
    action: SecurityEventAction;
    ip: string;
    /** Epoch ms. */
    at: number;
  };
  /** A message added to a support ticket. */
  'ticket.replied': {
    ticketId: string;
    /** The ticket's owner. */
    userId: string;
    /** The message's author. */
    by: string;
    fromStaff: boolean;
    /** The ticket's subject. */
    subject: string;
    /** The message as written. */
    message: string;
  };
}

export type EventType = keyof DomainEvents;

export type EventPayload<T extends EventType> = DomainEvents[T];

/** A recorded event as its handlers receive it. */
export interface DomainEvent<T extends EventType = EventType> {
  id: string;
  type: T;
  payload: DomainEvents[T];
  /** Epoch ms, the recording transaction's clock. */
  occurredAt: number;
}
