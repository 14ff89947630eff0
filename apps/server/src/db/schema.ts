import type {
  ApiTokenRevokedReason,
  BypassRegion,
  DepositFlag,
  DepositGateway,
  DepositMethod,
  DepositStatus,
  DeliveryMarkKind,
  NotificationKind,
  OrderKind,
  OrderMethod,
  OrderStatus,
  PaymentSettingKey,
  PricingSettingKey,
  TicketStatus,
  UnknownLoaderPolicy,
  EmailTokenPurpose,
  KeyStatus,
  PausedBy,
  PlanDurationType,
  ProductOperationalStatus,
  ProductStatus,
  Role,
  SecurityEventAction,
  SecurityEventKind,
  SettingKey,
  SubscriptionStatus,
  UserStatus,
  WebhookDeliveryStatus,
  WebhookFormat,
} from '@chaveiro/contract';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * What a loader credential may do with the account it opens (modules/loader, `credentialOf`):
 * `account`, the account's own credential, binds new machines and may change the account;
 * `bound-machines`, a key redeemed into an account with a password, only reopens machines
 * already bound to it.
 */
export type CredentialReach = 'account' | 'bound-machines';

/**
 * Row types of the tables created by db/migrations. Ids are UUIDv7 text, times epoch ms,
 * money integer cents, flags integer 0/1 (portable across SQLite and PostgreSQL).
 */
export interface Database {
  job_leases: JobLeasesTable;
  storefront_deliveries: StorefrontDeliveriesTable;
  storefront_delivery_keys: StorefrontDeliveryKeysTable;
  users: UsersTable;
  products: ProductsTable;
  product_status_periods: ProductStatusPeriodsTable;
  plans: PlansTable;
  files: FilesTable;
  file_chunks: FileChunksTable;
  product_loader_releases: ProductLoaderReleasesTable;
  deliveries: DeliveriesTable;
  loader_security_events: LoaderSecurityEventsTable;
  license_keys: LicenseKeysTable;
  subscriptions: SubscriptionsTable;
  machines: MachinesTable;
  activity: ActivityTable;
  settings: SettingsTable;
  bypass_uids: BypassUidsTable;
  bypass_api_keys: BypassApiKeysTable;
  email_tokens: EmailTokensTable;
  signup_holds: SignupHoldsTable;
  balance_ledger: BalanceLedgerTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  deposits: DepositsTable;
  payment_webhook_requests: PaymentWebhookRequestsTable;
  orders: OrdersTable;
  support_tickets: SupportTicketsTable;
  support_messages: SupportMessagesTable;
  notifications: NotificationsTable;
  events: EventsTable;
  event_deliveries: EventDeliveriesTable;
  user_logins: UserLoginsTable;
  analytics_daily: AnalyticsDailyTable;
  analytics_facts: AnalyticsFactsTable;
  analytics_online_minutes: AnalyticsOnlineMinutesTable;
  analytics_usage_daily: AnalyticsUsageDailyTable;
  user_sessions: UserSessionsTable;
  recovery_codes: RecoveryCodesTable;
  loader_downloads: LoaderDownloadsTable;
  api_tokens: ApiTokensTable;
  api_idempotency_keys: ApiIdempotencyKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  subscription_expiries: SubscriptionExpiriesTable;
  notification_preferences: NotificationPreferencesTable;
  product_status_mails: ProductStatusMailsTable;
  keyauth_apps: KeyAuthAppsTable;
  keyauth_sessions: KeyAuthSessionsTable;
  product_variables: ProductVariablesTable;
  hwid_blacklist: HwidBlacklistTable;
}

/** A product answering KeyAuth's loader protocol (2026120201_keyauth). */
export interface KeyAuthAppsTable {
  product_id: string;
  enabled: number;
  /** The app name loaders send; unique with owner_id. */
  name: string;
  /** KeyAuth's 10-character ownerid. */
  owner_id: string;
  /** The app secret: 1.2's HMAC key for init. */
  secret: string;
  /** The version `init` expects (otherwise `invalidver`). */
  version: string;
  download_url: string | null;
  created_at: number;
  updated_at: number;
}

/** A KeyAuth session (2026120201_keyauth): opened by init, validated by a login. */
export interface KeyAuthSessionsTable {
  id: string;
  product_id: string;
  /** 1.2's HMAC key after init: the client's enckey, '-', the app secret. */
  enckey: string | null;
  ip: string;
  user_id: string | null;
  subscription_id: string | null;
  machine_id: string | null;
  /** The account's token_version at login: a raise ends the session. */
  token_version: number | null;
  /** Null until a login, licence or register validates the session. */
  validated_at: number | null;
  /**
   * How the login opened the account (the loader's `CredentialReach`): `account` may change it,
   * `bound-machines` (a key on an account with a password) may not; null before it was recorded.
   */
  reach: ColumnType<
    CredentialReach | null,
    CredentialReach | null | undefined,
    CredentialReach | null
  >;
  created_at: number;
  expires_at: number;
}

/** A value a product's loaders read with KeyAuth's `var` (2026120201_keyauth). */
export interface ProductVariablesTable {
  product_id: string;
  name: string;
  value: string;
  created_at: number;
  updated_at: number;
}

/** A machine refused for a product (2026120201_keyauth). */
export interface HwidBlacklistTable {
  product_id: string;
  hwid: string;
  reason: Generated<string>;
  user_id: string | null;
  created_at: number;
}

/** A seller API token (2026120101_api_tokens); only its sha256 is kept. */
export interface ApiTokensTable {
  id: string;
  owner_id: string;
  name: string;
  /** `chv_live_` and the first characters after it, shown in the list. */
  prefix: string;
  /** sha256 (hex) of the whole token: how a request's token is found. */
  token_hash: string;
  /** Space-separated scopes. */
  scopes: string;
  created_at: number;
  expires_at: number | null;
  revoked_at: number | null;
  /** Why it was revoked (2026120410): by its owner, or the security epoch's end that did it. */
  revoked_reason: ApiTokenRevokedReason | null;
  last_used_at: number | null;
  last_used_ip: string | null;
  /**
   * The owner's token_version when it was minted (2026120410): the token answers only while
   * it is still the owner's, so every end of the account's security epoch ends it.
   */
  epoch: number;
}

/** An `Idempotency-Key` of a v1 POST per owner (2026120101_api_tokens). */
export interface ApiIdempotencyKeysTable {
  owner_id: string;
  idempotency_key: string;
  /** sha256 of method, path and body: a reuse with another request is refused. */
  fingerprint: string;
  /** Null while the first request runs; then its answer, replayed to retries. */
  status_code: number | null;
  response_body: string | null;
  /** A pending row past this is taken for abandoned (its process died). */
  locked_until: number;
  created_at: number;
}

/** Where outgoing webhooks go (2026120103_webhooks). */
export interface WebhookEndpointsTable {
  id: string;
  url: string;
  description: Generated<string>;
  /** JSON array of public event types (contract WEBHOOK_EVENT_TYPES). */
  events: string;
  /** `whsec_…`: signs each delivery; shown only when created or rolled. */
  secret: string;
  enabled: Generated<number>;
  format: WebhookFormat;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

/** One event to one endpoint, with its retry state and last attempt (2026120103_webhooks). */
export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  /** The domain event's id (the receiver dedupes on it); unique per endpoint. */
  event_id: string;
  event_type: string;
  /** The exact JSON body `{ id, type, createdAt, data }`. */
  payload: string;
  status: WebhookDeliveryStatus;
  attempts: Generated<number>;
  window_attempts: Generated<number>;
  /** Retries stop here (creation or the last resend + 24 h): then `failed`. */
  window_ends_at: number;
  next_attempt_at: number | null;
  last_attempt_at: number | null;
  response_status: number | null;
  duration_ms: number | null;
  response_excerpt: string | null;
  error: string | null;
  claimed_until: number | null;
  claim_token: string | null;
  created_at: number;
}

/** Each (subscription, expiry) already announced as `subscription.expired`. */
export interface SubscriptionExpiriesTable {
  subscription_id: string;
  expires_at: number;
  recorded_at: number;
}

/** One site login (2026113001_accounts); the session JWT's `sid`. Ended rows are kept. */
export interface UserSessionsTable {
  id: string;
  user_id: string;
  /** "Chrome no Windows": the browser and system read from the User-Agent. */
  device: string;
  user_agent: string;
  ip: string;
  created_at: number;
  last_seen_at: number;
  /** Set by logout, "encerrar", a password change or reset; the token dies with it. */
  ended_at: number | null;
}

/** A single-use 2FA recovery code, by its sha256 (2026113001_accounts). */
export interface RecoveryCodesTable {
  user_id: string;
  code_hash: string;
  created_at: number;
  used_at: number | null;
}

/** A download of a product's loader file by a subscriber (2026113001_accounts). */
export interface LoaderDownloadsTable {
  id: string;
  user_id: string;
  subscription_id: string;
  product_id: string;
  sha256: string;
  version: string;
  ip: string;
  created_at: number;
}

/** Analytics rollups (2026112901_analytics): one value per metric, dimension and São Paulo day. */
export interface AnalyticsDailyTable {
  metric: string;
  /** '' for the whole platform; a product id, a reseller id, or `<resellerId>/<productId>`. */
  dimension: Generated<string>;
  /** YYYY-MM-DD in São Paulo time. */
  day: string;
  value: Generated<number>;
}

/** A business fact already counted in the rollups (`deposit:<id>`, `order:<id>`, …). */
export interface AnalyticsFactsTable {
  id: string;
}

/** 'Usuários Online' sampled once per minute (epoch ms of the minute's start). */
export interface AnalyticsOnlineMinutesTable {
  minute: number;
  users: number;
}

/** Minutes a subscription had a machine online, per São Paulo day. */
export interface AnalyticsUsageDailyTable {
  subscription_id: string;
  day: string;
  minutes: Generated<number>;
}

/** One row per account and sign-in address: when it first and last signed in from there. */
export interface UserLoginsTable {
  user_id: string;
  ip: string;
  first_at: number;
  last_at: number;
}

export interface UsersTable {
  id: string;
  username: string;
  /** lower(username): the unique, case-insensitive lookup key. */
  username_lower: string;
  /** Null for an account made by a loader's register or a KeyAuth import, until one is added. */
  email: string | null;
  /** lower(email): the unique, case-insensitive lookup key. */
  email_lower: string | null;
  password_hash: string;
  role: Role;
  status: UserStatus;
  email_verified_at: number | null;
  avatar_url: string | null;
  /** Base32 TOTP secret; pending (totp_enabled 0) until a code confirms it. */
  totp_secret: string | null;
  totp_enabled: Generated<number>;
  /** Last 30-second step whose code was accepted: a code cannot be replayed. */
  totp_last_step: number | null;
  daily_bonus_at: number | null;
  balance_cents: Generated<number>;
  xp: Generated<number>;
  /** Raised on ban, password change, role change and deletion; older session tokens die. */
  token_version: Generated<number>;
  created_at: number;
  /**
   * The licence key this account was made from by a KeyAuth loader's `license` (named by the
   * key, a random password): that key is its credential. Null for an account with a password.
   */
  credential_key_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ProductsTable {
  id: string;
  name: string;
  description: string;
  status: ProductStatus;
  /** The product's DLL in `files`. */
  file_sha256: string | null;
  file_name: string | null;
  file_size: number | null;
  file_uploaded_at: number | null;
  /** The optional loader executable customers download and run (2026113001_accounts). */
  loader_sha256: Generated<string | null>;
  loader_name: Generated<string | null>;
  loader_size: Generated<number | null>;
  loader_version: Generated<string | null>;
  loader_notes: Generated<string | null>;
  loader_uploaded_at: Generated<number | null>;
  /** Whether it works now, apart from `status` (on sale); 2026120701_product_status. */
  operational_status: Generated<ProductOperationalStatus>;
  status_note: Generated<string | null>;
  /** 1: its customers' time stands still while it is not operational. */
  freeze_time: Generated<number>;
  /** 1: it can still be bought while it is not operational. */
  sell_while_down: Generated<number>;
  status_since: Generated<number>;
  /** 1: a download needs a session key (sealed to it); 2026120801_protected_delivery. */
  protected_delivery: Generated<number>;
  /** Hours a loader may run without reaching the server (0: off). */
  offline_grace_hours: Generated<number>;
  /** Loaders reporting an older version are refused with LOADER_OUTDATED (null: none). */
  loader_min_version: Generated<string | null>;
  /** What a loader whose hash is no published release gets. */
  unknown_loader_policy: Generated<UnknownLoaderPolicy>;
  /** JSON: the action each client security signal triggers (SecurityRules). */
  security_rules: Generated<string>;
  created_at: number;
  updated_at: number;
}

/** Every loader file published with a version: the hashes a loader may report. */
export interface ProductLoaderReleasesTable {
  id: string;
  product_id: string;
  version: string;
  sha256: string;
  name: string;
  size: number;
  uploaded_at: number;
}

/** The bytes of a file over 1 MiB, in 1 MiB pieces from seq 0 (its `files.bytes` is empty). */
export interface FileChunksTable {
  sha256: string;
  seq: number;
  bytes: Buffer;
}

/** One copy of a product file handed to a loader session; the mark inside it names this row. */
export interface DeliveriesTable {
  id: string;
  product_id: string;
  subscription_id: string | null;
  user_id: string | null;
  username: string;
  machine_id: string | null;
  hwid: string;
  /** The address of the auth that created it. */
  ip: string;
  /** The uploaded file it was made from. */
  file_sha256: string;
  marked_sha256: string;
  marked_size: number;
  mark_kind: DeliveryMarkKind;
  /** The loader's X25519 public key (base64), null for a plain delivery (sealed when set). */
  session_key: string | null;
  created_at: number;
  downloaded_at: number | null;
  download_ip: string | null;
  downloads: Generated<number>;
}

/** A loader's security signal, or an unknown loader the server saw, and what was done. */
export interface LoaderSecurityEventsTable {
  id: string;
  product_id: string;
  user_id: string | null;
  username: string;
  subscription_id: string | null;
  machine_id: string | null;
  hwid: string;
  kind: SecurityEventKind;
  detail: string | null;
  action: SecurityEventAction;
  ip: string;
  created_at: number;
  resolved_at: number | null;
  resolved_by: string | null;
}

/** A product's status timeline: one row per status it held, the current one open. */
export interface ProductStatusPeriodsTable {
  id: string;
  product_id: string;
  status: ProductOperationalStatus;
  note: string | null;
  freeze_time: number;
  started_at: number;
  ended_at: number | null;
  changed_by: string | null;
  changed_by_name: string | null;
  reason: string | null;
  subscriptions_affected: Generated<number>;
  given_back_ms: Generated<number>;
}

export interface PlansTable {
  id: string;
  product_id: string;
  duration_type: PlanDurationType;
  price_cents: number;
  /** The admin's reseller price; null: retail less the global discount (2026112703). */
  reseller_price_cents: Generated<number | null>;
}

export interface FilesTable {
  sha256: string;
  mime: string;
  size: number;
  bytes: Buffer;
  created_at: number;
}

export interface LicenseKeysTable {
  id: string;
  key: string;
  product_id: string;
  duration_days: number;
  status: KeyStatus;
  created_by: string | null;
  redeemed_by: string | null;
  redeemed_at: number | null;
  /** Optional redeem-by date: past it, an unused key is expired and cannot be redeemed. */
  redeem_by: Generated<number | null>;
  /**
   * When the key shows `expired` (see 2026112410_licences): its redeem-by date while unused,
   * its subscription's running expiry once used (kept by triggers). Null: no deadline.
   */
  expires_at: Generated<number | null>;
  /**
   * A reseller's purchase: the unit price paid and the plan's retail price at that moment
   * (2026112703). Null for admin-generated keys and keys bought before prices were recorded.
   */
  price_cents: Generated<number | null>;
  retail_price_cents: Generated<number | null>;
  created_at: number;
  /**
   * Who banned it while it is banned (2026120411): a reseller lifts only its own bans. Null
   * otherwise, and for a ban by an import or an account since deleted (admins only).
   */
  banned_by: Generated<string | null>;
}

export interface SubscriptionsTable {
  id: string;
  user_id: string;
  product_id: string;
  status: SubscriptionStatus;
  /** Set while running. */
  expires_at: number | null;
  /** Set while paused: the clock is frozen (DESIGN.md). */
  paused_remaining_ms: number | null;
  paused_by: PausedBy | null;
  max_devices: Generated<number>;
  pause_credits: Generated<number>;
  hwid_reset_credits: Generated<number>;
  /** The latest access of machines since unbound (resets), so 'Último acesso' survives them. */
  last_seen_at: Generated<number | null>;
  /** The last free release of a machine (MACHINE_RELEASE). */
  free_release_at: Generated<number | null>;
  /** While paused_by = 'product': when the product's freeze took this clock. */
  product_frozen_since: Generated<number | null>;
  /** What the product's latest freeze gave back to this subscription, and when. */
  given_back_ms: Generated<number>;
  given_back_at: Generated<number | null>;
  created_at: number;
  updated_at: number;
}

export interface MachinesTable {
  id: string;
  subscription_id: string;
  hwid: string;
  first_seen_at: number;
  last_seen_at: number;
  /** The address of its last heartbeat or sign-in (null before migration 2026112801). */
  last_ip: string | null;
  /** Its loader sessions issued before this (epoch ms) are over (a security rule ended them). */
  sessions_ended_at: Generated<number | null>;
}

export interface ActivityTable {
  id: string;
  actor_id: string | null;
  /** The actor's username when written (null: the system, or a row older than the column). */
  actor_name: string | null;
  /** The typed action (`user.banned`, `deposit.approved`…); `legacy` for rows older than types. */
  type: Generated<string>;
  action: string;
  target: string | null;
  ip: string | null;
  created_at: number;
}

export interface SettingsTable {
  key: SettingKey | PaymentSettingKey | PricingSettingKey;
  value: string;
  updated_at: number;
}

export interface BypassUidsTable {
  id: string;
  uid: string;
  nickname: string | null;
  region: BypassRegion;
  expires_at: number | null;
  paused_remaining_ms: number | null;
  created_by: string | null;
  created_at: number;
}

export interface BypassApiKeysTable {
  id: string;
  name: string;
  /** First characters of the key, shown in lists and used to find the row. */
  prefix: string;
  /** sha256 of the whole key; the key itself is shown once. */
  key_hash: string;
  created_by: string | null;
  created_at: number;
  revoked_at: number | null;
}

export interface EmailTokensTable {
  id: string;
  user_id: string;
  purpose: EmailTokenPurpose;
  /** sha256 of the emailed token; the token itself is never stored. */
  token_hash: string;
  /** For `email_change`: the address that becomes the account's once confirmed. */
  new_email: string | null;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/**
 * A sign-up with an e-mail that already has an account: nothing is created, but its username is
 * held (like a pending account's) until `expires_at`, so the answer reveals nothing.
 */
export interface SignupHoldsTable {
  username_lower: string;
  /** The taken address the sign-up named: its account shares the hold's login limit. */
  email_lower: string;
  password_hash: string;
  expires_at: number;
  created_at: number;
}

export interface BalanceLedgerTable {
  id: string;
  user_id: string;
  actor_id: string | null;
  amount_cents: number;
  reason: string;
  balance_after_cents: number;
  created_at: number;
}

export interface NewsletterSubscribersTable {
  id: string;
  email: string;
  created_at: number;
}

export interface DepositsTable {
  id: string;
  user_id: string;
  amount_cents: number;
  method: DepositMethod;
  /** Unique code the payer writes in the PIX description. */
  reference: string;
  status: DepositStatus;
  reject_reason: string | null;
  decided_by: string | null;
  decided_at: number | null;
  created_at: number;
  /** Who takes the payment (migration 2026112701_payments). */
  gateway: DepositGateway;
  /** The checkout's order this deposit pays; no FK (owned by the orders module). */
  order_id: string | null;
  /** The gateway's payment id (Mercado Pago's numeric id as text) and its last status. */
  gateway_payment_id: string | null;
  gateway_status: string | null;
  /** The BR Code (copia e cola) of a gateway charge; manual codes are built when shown. */
  pix_code: string | null;
  expires_at: number | null;
  payer_email: string | null;
  payer_name: string | null;
  paid_at: number | null;
  refunded_at: number | null;
  /** What a refund or chargeback could not take back (the balance never goes below zero). */
  uncovered_cents: number | null;
  flag: DepositFlag | null;
  /** When the gateway's view was last read (paid charges are re-read for late refunds). */
  gateway_checked_at: number | null;
}

/** Webhook notifications already accepted, by x-request-id (replays are refused). */
export interface PaymentWebhookRequestsTable {
  request_id: string;
  ts: number;
  received_at: number;
}

/** One purchase (2026112702_orders): snapshots of what was bought and how it was paid. */
export interface OrdersTable {
  id: string;
  user_id: string;
  kind: OrderKind;
  product_id: string;
  product_name: string;
  duration_type: PlanDurationType;
  days: number;
  price_cents: number;
  /** The subscription renewed, or created or extended once completed. */
  subscription_id: string | null;
  method: OrderMethod;
  /** The PIX deposit paying it (`pix`). */
  deposit_id: string | null;
  paid_from_balance_cents: number;
  status: OrderStatus;
  failure_reason: string | null;
  created_at: number;
  completed_at: number | null;
}

export interface SupportTicketsTable {
  id: string;
  user_id: string;
  subject: string;
  status: TicketStatus;
  created_at: number;
  /** Time of the last message or status change: lists are ordered by it. */
  updated_at: number;
}

export interface SupportMessagesTable {
  id: string;
  ticket_id: string;
  author_id: string | null;
  /** 1 when written by an admin (shown as the support team). */
  from_staff: Generated<number>;
  body: string;
  created_at: number;
}

export interface NotificationsTable {
  id: string;
  user_id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** Web path opened when the notification is clicked. */
  link: string | null;
  /** Makes a periodic notification idempotent (one per subscription and expiry). */
  dedupe_key: string | null;
  read_at: number | null;
  created_at: number;
}

/** A customer's optional e-mails (2026120702_product_status_mail); no row: all on. */
export interface NotificationPreferencesTable {
  user_id: string;
  /** 1: e-mails when a product the customer subscribes to changes status. */
  product_status_mail: number;
  updated_at: number;
}

/** Per product, its subscribers' status e-mail: last sent, waiting, under way. */
export interface ProductStatusMailsTable {
  product_id: string;
  /** The status last mailed (null: none yet, the product was operational). */
  mailed_status: ProductOperationalStatus | null;
  /** The first change not yet taken by a send (null: nothing waiting). */
  pending_since: number | null;
  /** The latest change heard: the quiet period runs from it. */
  changed_at: number;
  /** A send under way: what it tells, pinned when it began. */
  sending_status: ProductOperationalStatus | null;
  sending_note: string | null;
  sending_frozen: number | null;
  /** The pending_since the send took: time given back since then is the freeze's. */
  sending_since: number | null;
  /** The last subscription id the send under way mailed. */
  cursor: string | null;
  /** Who runs its send, until when. */
  claim_token: string | null;
  claimed_until: number | null;
}

/** A domain event (events/catalogue.ts), written in the transaction of the change it announces. */
export interface EventsTable {
  id: string;
  type: string;
  /** The event's payload as JSON. */
  payload: string;
  occurred_at: number;
}

/** A paid storefront order delivered through the seller API, once per (owner, order id). */
export interface StorefrontDeliveriesTable {
  id: string;
  /** The API token's owner (admin or reseller). */
  owner_id: string;
  order_id: string;
  product_id: string;
  plan: PlanDurationType;
  quantity: number;
  customer_email: string | null;
  created_at: number;
}

/** The keys a delivery issued, by value, in the order they were answered. */
export interface StorefrontDeliveryKeysTable {
  delivery_id: string;
  position: number;
  key: string;
}

export type DeliveryStatus = 'pending' | 'done' | 'dead';

/** One handler's progress on one event (events/outbox.ts). */
export interface EventDeliveriesTable {
  event_id: string;
  /** The handler's stable name. */
  handler: string;
  /** `dead`: out of attempts, parked until requeued. */
  status: DeliveryStatus;
  /** Claims so far (a claim whose process died counts). */
  attempts: Generated<number>;
  next_attempt_at: number;
  /** While in the future, the delivery is leased to the claim holding `claim_token`. */
  claimed_until: number | null;
  claim_token: string | null;
  last_error: string | null;
  done_at: number | null;
}

/** Which process runs a periodic job's timer (platform/jobs/job-leases.ts). */
export interface JobLeasesTable {
  /** The job's stable name. */
  name: string;
  /** The holding process: host, pid and a random part. */
  holder: string;
  /** The lease lapses at this time unless its holder renews it. */
  expires_at: number;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
