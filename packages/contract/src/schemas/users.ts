import { z } from 'zod';
import {
  ADMIN_LIMITS,
  DEFAULT_SUBSCRIPTION,
  ROLES,
  SUBSCRIPTION_STATUSES,
  USER_STATUSES,
} from '../constants.js';
import { messages } from '../messages.js';
import { emailSchema, passwordSchema, usernameSchema } from './auth.js';
import { pageOf, pageQuerySchema } from './common.js';
import { exportIdsSchema, userListFiltersSchema, userSortSchema } from './tables.js';

const v = messages.validation;
const a = messages.admin;

/** A row of the admin user table (spec §3 User, plus the role for the manage dialog). */
export const userRowSchema = z.object({
  id: z.string(),
  user: z.string(),
  email: z.string().nullable(),
  createdAt: z.iso.datetime(),
  status: z.enum(USER_STATUSES),
  role: z.enum(ROLES),
  /** The HWIDs bound to the user's subscriptions joined by ', ', or null ('Não definido'). */
  hwid: z.string().nullable(),
  /** Distinct product names of the user's subscriptions. */
  products: z.array(z.string()),
  /** Balance in reais (the table sorts by it). */
  balance: z.number(),
});
export type UserListItem = z.infer<typeof userRowSchema>;

/**
 * `?q=` matches the start of the username or of the e-mail, case-insensitively; `role` and
 * `status` filter (default all); `sort=field:dir` (default newest first).
 */
export const usersQuerySchema = pageQuerySchema.extend({
  role: userListFiltersSchema.shape.role,
  status: userListFiltersSchema.shape.status,
  sort: userSortSchema,
});
export type UsersQuery = z.infer<typeof usersQuerySchema>;

/** The CSV export: the list's filters and sort, or the selected `ids` (comma-separated). */
export const usersExportQuerySchema = usersQuerySchema
  .pick({ q: true, role: true, status: true, sort: true })
  .extend({ ids: exportIdsSchema });
export type UsersExportQuery = z.infer<typeof usersExportQuerySchema>;

export const usersPageSchema = pageOf(userRowSchema);
export type UsersPage = z.infer<typeof usersPageSchema>;

/** The reseller form's select of client users (spec §3 Client). */
export const clientItemSchema = z.object({ id: z.string(), username: z.string() });
export type ClientItem = z.infer<typeof clientItemSchema>;

export const clientsQuerySchema = z.object({ q: z.string().trim().max(200).optional() });
export type ClientsQuery = z.infer<typeof clientsQuerySchema>;

export const clientsResponseSchema = z.array(clientItemSchema);

/**
 * A subscription in the manage dialog (spec §3 admin view). A paused one reports the expiry it
 * would have if resumed now.
 */
export const userSubscriptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  created_at: z.iso.datetime(),
  expires_at: z.iso.datetime(),
});
export type UserSubscription = z.infer<typeof userSubscriptionSchema>;

export const userSubscriptionsResponseSchema = z.array(userSubscriptionSchema);

const required = v.subscriptionFieldsRequired;

/** The create form's optional subscription: all three fields or none (spec §5). */
export const newUserSubscriptionSchema = z.strictObject(
  {
    productId: z.string({ error: required }).trim().min(1, required).max(64, required),
    days: z
      .number({ error: required })
      .int(required)
      .min(1, required)
      .max(ADMIN_LIMITS.daysMax, required),
    devices: z
      .number({ error: required })
      .int(required)
      .min(1, required)
      .max(ADMIN_LIMITS.devicesMax, required),
  },
  { error: required },
);

export const createUserBodySchema = z.strictObject({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  subscription: newUserSubscriptionSchema.optional(),
});
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

export const createUserResponseSchema = z.object({ message: z.string(), id: z.string() });

export const userStatusBodySchema = z.strictObject({ status: z.enum(USER_STATUSES) });
export type UserStatusBody = z.infer<typeof userStatusBodySchema>;

const daysField = z
  .number({ error: a.daysPositive })
  .int(a.daysPositive)
  .min(1, a.daysPositive)
  .max(ADMIN_LIMITS.daysMax);

const devicesField = z
  .number({ error: a.devicesPositive })
  .int(a.devicesPositive)
  .min(1, a.devicesPositive)
  .max(ADMIN_LIMITS.devicesMax);

/** Manage dialog, add subscription: extends the user's subscription to that product if any. */
export const addSubscriptionBodySchema = z.strictObject({
  productId: z
    .string({ error: v.productRequired })
    .trim()
    .min(1, v.productRequired)
    .max(64, v.productRequired),
  days: daysField.default(DEFAULT_SUBSCRIPTION.days),
  devices: devicesField.default(DEFAULT_SUBSCRIPTION.devices),
});
export type AddSubscriptionBody = z.infer<typeof addSubscriptionBodySchema>;

/** Manage dialog, add/remove days: negative numbers remove days (spec §5). */
export const subscriptionDaysBodySchema = z.strictObject({
  days: z
    .number({ error: a.daysNonZero })
    .int(a.daysNonZero)
    .min(-ADMIN_LIMITS.daysMax)
    .max(ADMIN_LIMITS.daysMax)
    .refine((days) => days !== 0, a.daysNonZero),
});
export type SubscriptionDaysBody = z.infer<typeof subscriptionDaysBodySchema>;

export const subscriptionParamSchema = z.object({ subId: z.string().min(1).max(64) });

/**
 * Account change: one of username, password, e-mail from the manage dialog, or the reseller
 * edit's username + e-mail + optional password. Each field present is validated.
 */
export const accountBodySchema = z
  .strictObject({
    username: usernameSchema.optional(),
    email: emailSchema.optional(),
    password: passwordSchema.optional(),
  })
  .refine(
    (body) =>
      body.username !== undefined || body.email !== undefined || body.password !== undefined,
    a.accountFieldRequired,
  );
export type AccountBody = z.infer<typeof accountBodySchema>;

/** Admin profile (spec §3): the sidebar block and the 'Personalizar Perfil' dialog. */
export const adminProfileSchema = z.object({
  username: z.string(),
  avatar_url: z.string().nullable(),
});
export type AdminProfile = z.infer<typeof adminProfileSchema>;

export const adminProfileUpdateResponseSchema = adminProfileSchema.extend({
  message: z.string(),
});
export type AdminProfileUpdateResponse = z.infer<typeof adminProfileUpdateResponseSchema>;

/** The text field of the profile multipart form (the avatar travels as a file part). */
export const adminProfileFieldsSchema = z.strictObject({ username: usernameSchema.optional() });
