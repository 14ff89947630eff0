import { z } from 'zod';
import { KEY_STATUSES, PRODUCT_STATUSES, ROLES, USER_STATUSES } from '../constants.js';
import { messages } from '../messages.js';

/** The admin console's work queues: what waits for staff (sidebar badges). */
export const workQueuesResponseSchema = z.object({
  /** Deposits an admin must decide: manual PIX waiting for approval, or flagged while pending. */
  pendingDeposits: z.number().int(),
  /** Tickets whose last word is the customer's (status open). */
  openTickets: z.number().int(),
  /** Loader security events not resolved yet ("Segurança"). */
  openSecurityEvents: z.number().int(),
});
export type WorkQueuesResponse = z.infer<typeof workQueuesResponseSchema>;

/** Longest and shortest text the command palette searches by. */
export const ADMIN_SEARCH = { minChars: 2, maxChars: 100, perKind: 5 } as const;

export const adminSearchQuerySchema = z.strictObject({
  q: z
    .string({ error: messages.adminConsole.searchTooShort })
    .trim()
    .min(ADMIN_SEARCH.minChars, messages.adminConsole.searchTooShort)
    .max(ADMIN_SEARCH.maxChars, messages.adminConsole.searchTooLong),
});
export type AdminSearchQuery = z.infer<typeof adminSearchQuerySchema>;

export const adminSearchResponseSchema = z.object({
  users: z.array(
    z.object({
      id: z.string(),
      username: z.string(),
      email: z.string().nullable(),
      role: z.enum(ROLES),
      status: z.enum(USER_STATUSES),
    }),
  ),
  keys: z.array(
    z.object({
      id: z.string(),
      key: z.string(),
      product: z.string(),
      status: z.enum(KEY_STATUSES),
    }),
  ),
  products: z.array(
    z.object({ id: z.string(), name: z.string(), status: z.enum(PRODUCT_STATUSES) }),
  ),
});
export type AdminSearchResponse = z.infer<typeof adminSearchResponseSchema>;

/** Outbox deliveries that used up their retries (`dead`), newest events first. */
export const deadDeliveriesQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type DeadDeliveriesQuery = z.infer<typeof deadDeliveriesQuerySchema>;

export const DEAD_DELIVERIES_PAGE_SIZE = 20;

export const deadDeliverySchema = z.object({
  eventId: z.string(),
  /** The handler that kept failing, e.g. `purchase-notices`. */
  handler: z.string(),
  /** The domain event, e.g. `key.redeemed`. */
  type: z.string(),
  occurredAt: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
});
export type DeadDelivery = z.infer<typeof deadDeliverySchema>;

export const deadDeliveriesPageSchema = z.object({
  items: z.array(deadDeliverySchema),
  page: z.number().int(),
  /** Whether a next page exists (no total: the list is read by keyed pages of 20). */
  hasMore: z.boolean(),
});
export type DeadDeliveriesPage = z.infer<typeof deadDeliveriesPageSchema>;

export const requeueDeliveryBodySchema = z.strictObject({
  eventId: z.string().trim().min(1).max(64),
  handler: z.string().trim().min(1).max(100),
});
export type RequeueDeliveryBody = z.infer<typeof requeueDeliveryBodySchema>;
