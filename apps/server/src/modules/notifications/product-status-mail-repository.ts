import type { ProductOperationalStatus } from '@chaveiro/contract';
import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Database, ProductStatusMailsTable } from '../../db/schema.js';
import { activeSubscriptionAt } from './notifications-repository.js';

export type ProductStatusMailRow = Selectable<ProductStatusMailsTable>;

/** What a send tells, pinned when it begins. */
export interface StatusMailContent {
  status: ProductOperationalStatus;
  note: string | null;
  frozen: boolean;
  /** Time a subscription got back at or after this was given back by the freeze it reports. */
  since: number;
}

export interface StatusMailRecipient {
  subscription_id: string;
  user_id: string;
  username: string;
  email: string;
  given_back_ms: number;
  given_back_at: number | null;
}

/**
 * Queries on `product_status_mails` (each product's subscribers' status e-mail: the last status
 * mailed, the change waiting for its quiet period, the send under way and who holds it) and the
 * reads a send needs. Every write of a send is conditional on its claim token.
 */
export function createProductStatusMailRepository(db: Kysely<Database>) {
  return {
    /**
     * A change heard (in its event handler's transaction): the product's e-mail now waits for a
     * quiet period from `at`; the first change not yet sent stays `pending_since`.
     */
    async noteChange(executor: Kysely<Database>, productId: string, at: number): Promise<void> {
      await executor
        .insertInto('product_status_mails')
        .values({ product_id: productId, pending_since: at, changed_at: at })
        .onConflict((oc) =>
          oc.column('product_id').doUpdateSet((eb) => ({
            // Handlers may run out of order (a retry): the latest change wins.
            changed_at: eb
              .case()
              .when('excluded.changed_at', '>', eb.ref('product_status_mails.changed_at'))
              .then(eb.ref('excluded.changed_at'))
              .else(eb.ref('product_status_mails.changed_at'))
              .end(),
            pending_since: eb.fn.coalesce(
              'product_status_mails.pending_since',
              'excluded.pending_since',
            ),
          })),
        )
        .execute();
    },

    /**
     * Products whose e-mail is due and free to take: a change quiet for `quietMs` (or waiting
     * `maxWaitMs` however often it changes), or a send interrupted (its claim lapsed).
     */
    due(
      now: number,
      quietMs: number,
      maxWaitMs: number,
      limit: number,
    ): Promise<{ product_id: string }[]> {
      return db
        .selectFrom('product_status_mails')
        .select('product_id')
        .where((eb) =>
          eb.and([
            eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]),
            eb.or([
              eb('sending_status', 'is not', null),
              eb.and([
                eb('pending_since', 'is not', null),
                eb.or([
                  eb('changed_at', '<=', now - quietMs),
                  eb('pending_since', '<=', now - maxWaitMs),
                ]),
              ]),
            ]),
          ]),
        )
        .orderBy('product_id')
        .limit(limit)
        .execute();
    },

    /** Takes the product's e-mail for `token` until `until`, unless someone holds it. */
    async claim(
      productId: string,
      token: string,
      now: number,
      until: number,
    ): Promise<ProductStatusMailRow | undefined> {
      return db
        .updateTable('product_status_mails')
        .set({ claim_token: token, claimed_until: until })
        .where('product_id', '=', productId)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Nothing to send (the status is the one last mailed: it was toggled back): the wait ends,
     * unless another change came after `seenChangedAt`.
     */
    async settle(productId: string, token: string, seenChangedAt: number): Promise<void> {
      await db
        .updateTable('product_status_mails')
        .set((eb) => ({
          pending_since: eb
            .case()
            .when('changed_at', '=', seenChangedAt)
            .then(sql<number | null>`null`)
            .else(eb.ref('pending_since'))
            .end(),
          claim_token: null,
          claimed_until: null,
        }))
        .where('product_id', '=', productId)
        .where('claim_token', '=', token)
        .execute();
    },

    /**
     * A send begins: what it tells is pinned and the wait it answers ends (a change after
     * `seenChangedAt` keeps waiting for a send of its own).
     */
    async begin(
      productId: string,
      token: string,
      seenChangedAt: number,
      content: StatusMailContent,
    ): Promise<boolean> {
      const result = await db
        .updateTable('product_status_mails')
        .set((eb) => ({
          sending_status: content.status,
          sending_note: content.note,
          sending_frozen: content.frozen ? 1 : 0,
          sending_since: content.since,
          cursor: null,
          pending_since: eb
            .case()
            .when('changed_at', '=', seenChangedAt)
            .then(sql<number | null>`null`)
            .else(eb.ref('pending_since'))
            .end(),
        }))
        .where('product_id', '=', productId)
        .where('claim_token', '=', token)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** The send mailed through `cursor`; its claim runs until `until`. False: claim lost. */
    async advance(
      productId: string,
      token: string,
      cursor: string,
      until: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('product_status_mails')
        .set({ cursor, claimed_until: until })
        .where('product_id', '=', productId)
        .where('claim_token', '=', token)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** The send is done: its status is the one last mailed. */
    async finish(productId: string, token: string): Promise<void> {
      await db
        .updateTable('product_status_mails')
        .set((eb) => ({
          mailed_status: eb.ref('sending_status'),
          sending_status: null,
          sending_note: null,
          sending_frozen: null,
          sending_since: null,
          cursor: null,
          claim_token: null,
          claimed_until: null,
        }))
        .where('product_id', '=', productId)
        .where('claim_token', '=', token)
        .execute();
    },

    /** Lets go of the claim, leaving it untaken until `until` (null: free now). */
    async release(productId: string, token: string, until: number | null = null): Promise<void> {
      await db
        .updateTable('product_status_mails')
        .set({ claim_token: null, claimed_until: until })
        .where('product_id', '=', productId)
        .where('claim_token', '=', token)
        .execute();
    },

    /** The product's name and status now (undefined once deleted). */
    product(productId: string) {
      return db
        .selectFrom('products')
        .select(['name', 'operational_status', 'status_note', 'freeze_time'])
        .where('id', '=', productId)
        .executeTakeFirst();
    },

    /**
     * The next `limit` subscribers to mail, in subscription id order after `after`: an active
     * subscription at `at` (as the bell's), an active account with a confirmed address, and
     * product status e-mails not turned off. The (product_id, id) index serves each batch.
     */
    recipients(
      productId: string,
      at: number,
      after: string | null,
      limit: number,
    ): Promise<StatusMailRecipient[]> {
      return db
        .selectFrom('subscriptions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .leftJoin('notification_preferences as np', 'np.user_id', 's.user_id')
        .select([
          's.id as subscription_id',
          's.user_id',
          'u.username',
          'u.email',
          's.given_back_ms',
          's.given_back_at',
        ])
        .where('s.product_id', '=', productId)
        .$if(after !== null, (query) => query.where('s.id', '>', after as string))
        .where(activeSubscriptionAt(at))
        .where('u.status', '=', 'active')
        .where('u.email', 'is not', null)
        .where('u.email_verified_at', 'is not', null)
        .where((eb) =>
          eb.or([eb('np.product_status_mail', 'is', null), eb('np.product_status_mail', '=', 1)]),
        )
        .orderBy('s.id')
        .limit(limit)
        .execute() as Promise<StatusMailRecipient[]>;
    },
  };
}

export type ProductStatusMailRepository = ReturnType<typeof createProductStatusMailRepository>;
