/** Business constants of spec §9 and DESIGN.md, shared by server and web. */

export const ROLES = ['admin', 'reseller', 'client'] as const;
export type Role = (typeof ROLES)[number];

/** Labels shown to users for each stored role (spec §1: 'Cliente'). */
export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  reseller: 'Reseller',
  client: 'Cliente',
};

export const USER_STATUSES = ['active', 'banned'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const KEY_STATUSES = ['active', 'used', 'banned', 'expired'] as const;
export type KeyStatus = (typeof KEY_STATUSES)[number];

export const PRODUCT_STATUSES = ['active', 'disabled'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const SUBSCRIPTION_STATUSES = ['active', 'paused'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * Who stopped a subscription's clock: its owner, an administrator, "pause all users", or its
 * product's outage (a product status that freezes time). One at a time: when one lifts, the next
 * still in force takes over (subscription-holds in the subscriptions module).
 */
export const PAUSED_BY = ['user', 'global', 'admin', 'product'] as const;
export type PausedBy = (typeof PAUSED_BY)[number];

/**
 * A product's operational status, apart from its sale status (Ativo/Desligado): whether it works
 * now. While it is not operational the loaders refuse with its note and, when the seller keeps
 * "congelar o tempo" on, its customers' time stands still.
 */
export const PRODUCT_OPERATIONAL_STATUSES = ['operational', 'updating', 'unavailable'] as const;
export type ProductOperationalStatus = (typeof PRODUCT_OPERATIONAL_STATUSES)[number];
export const PRODUCT_OPERATIONAL_LABELS: Record<ProductOperationalStatus, string> = {
  operational: 'Operacional',
  updating: 'Em atualização',
  unavailable: 'Indisponível',
};
/**
 * Whether a product's customers' time stands still now: it is not operational and its seller
 * keeps "congelar o tempo" on (`freeze_time`, 1 or true).
 */
export function timeFreezes(product: {
  status: ProductOperationalStatus;
  freezeTime: boolean | number;
}): boolean {
  return product.status !== 'operational' && Number(product.freezeTime) === 1;
}

export const PRODUCT_STATUS_LIMITS = {
  /** The public note shown to customers, on /status and by the loaders. */
  noteMax: 280,
  /** Why the seller changed it (the audit log's line). */
  reasonMax: 200,
  /** Days of history the public status page draws as bars. */
  historyDays: 90,
} as const;

/** Plan duration types and how many days each grants. */
export const PLAN_DURATION_DAYS = {
  daily: 1,
  weekly: 7,
  'bi-weekly': 14,
  monthly: 30,
} as const;
export type PlanDurationType = keyof typeof PLAN_DURATION_DAYS;
export const PLAN_DURATION_TYPES = Object.keys(PLAN_DURATION_DAYS) as PlanDurationType[];

export const BYPASS_DURATIONS_HOURS = [24, 168, 336, 720] as const;
export const BYPASS_REGIONS = ['BR', 'NA', 'EU', 'ASIA', 'unknown'] as const;
export type BypassRegion = (typeof BYPASS_REGIONS)[number];

export const SETTING_KEYS = ['server_status', 'maintenance_mode', 'pause_all_users'] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

/** `email_undo`: the link sent to the old address of a changed e-mail, valid 72 h (new_email holds the old address). */
export const EMAIL_TOKEN_PURPOSES = ['verify', 'reset', 'email_change', 'email_undo'] as const;
export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];

export const LIMITS = {
  usernameMin: 3,
  passwordMin: 8,
  bypassUidMin: 5,
  twoFactorCodeLength: 6,
  licenseKeyLength: 18,
  avatarMaxBytes: 2 * 1024 * 1024,
  dllMaxBytes: 64 * 1024 * 1024,
  /** The loader executable customers download (a PE file, like the DLL). */
  loaderMaxBytes: 64 * 1024 * 1024,
  loaderVersionMax: 32,
  loaderNotesMax: 2_000,
  /** Active sessions listed on the profile (the most recently seen). */
  sessionsListMax: 50,
  pageSizeDefault: 20,
  pageSizeMax: 100,
} as const;

/** 18 uppercase alphanumerics (spec §9); keys issued before the look-alike-free alphabet may use any of them. */
export const LICENSE_KEY_PATTERN = /^[A-Z0-9]{18}$/;

/**
 * Characters of new keys and recovery codes: A–Z and 0–9 without those read as another
 * (0/O/D/Q, 1/I/L, 2/Z, 5/S, 8/B, U/V), so a key typed from a screenshot or a phone is right
 * the first time. 21 characters: 18 of them carry about 79 bits. Input maps nothing: a typed
 * `O` stays an `O` (and simply matches no new key).
 */
export const KEY_ALPHABET = 'ACEFGHJKMNPRTWXY34679';

/** 2FA recovery codes: 10 single-use codes of 10 KEY_ALPHABET characters, shown as XXXXX-XXXXX. */
export const RECOVERY_CODES = { count: 10, length: 10 } as const;
/**
 * A recovery code as typed: its 10 characters in any case, with or without the dash, and with
 * any dashes or spaces between them (" - " or a doubled space when copied from the .txt). The
 * server drops them before hashing (recoveryCodeHash).
 */
export const RECOVERY_CODE_PATTERN = /^[A-Za-z0-9](?:[-\s]*[A-Za-z0-9]){9}$/;

export const DEFAULT_SUBSCRIPTION = { days: 30, devices: 1 } as const;

export const TIMING = {
  inactivityTimeoutMs: 420_000,
  metricsPollMs: 1_000,
  expiredMetricWindowDays: 30,
  onlineWindowMs: 90_000,
  resetTokenTtlMs: 60 * 60 * 1000,
  verifyTokenTtlMs: 24 * 60 * 60 * 1000,
  sessionTtlSeconds: 12 * 60 * 60,
  /** A session's "last seen" is written at most this often (not on every request). */
  sessionLastSeenWriteMs: 60_000,
  /** How long the old address of a changed e-mail may undo the change. */
  emailUndoTtlMs: 72 * 60 * 60 * 1000,
  toastDurationMs: 4_000,
  toastVisible: 3,
  tooltipDelayMs: 700,
  queryRetries: 3,
  queryRetryBaseMs: 1_000,
  queryRetryMaxMs: 30_000,
  queryCacheMs: 5 * 60 * 1000,
} as const;

/** Loyalty ranks (spec §3). */
export const RANKS = [
  { name: 'Bronze', xp: 0 },
  { name: 'Prata', xp: 500 },
  { name: 'Ouro', xp: 1500 },
  { name: 'Platina', xp: 3000 },
  { name: 'Diamante', xp: 5000 },
  { name: 'Mestre', xp: 10000 },
] as const;

/** Credits a new subscription starts with (pauses and HWID resets its owner may use). */
export const SUBSCRIPTION_DEFAULT_CREDITS = { pauseCredits: 3, hwidResetCredits: 3 } as const;

/** Bounds of the admin console's lists and forms (DESIGN.md: no unbounded list). */
export const ADMIN_LIMITS = {
  recentActivities: 20,
  clientsMax: 50,
  productsMax: 500,
  keysPerBatchMax: 1000,
  keysCsvMaxRows: 100_000,
  /** Days one call may grant or remove (about 100 years); keeps epoch-ms sums far from overflow. */
  daysMax: 36_500,
  devicesMax: 100,
  /** R$ 1.000.000,00 */
  priceMaxCents: 100_000_000,
  productNameMax: 100,
  productDescriptionMax: 2_000,
  metricsCacheMs: 1_000,
  /** A big list's total may lag another node's writes by this much (this node's: never). */
  listCountCacheMs: 1_000,
  /**
   * A deep page's anchors are cleared with the totals on every node; this only bounds an
   * announcement lost between nodes (finding them again costs the skip they save).
   */
  listAnchorCacheMs: 60_000,
} as const;

/** Image types accepted for avatars, recognised by their first bytes. */
export const AVATAR_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type AvatarMimeType = (typeof AVATAR_MIME_TYPES)[number];

/** Loyalty XP (spec §3 ranks; DESIGN.md: XP is earned server-side). */
export const XP_RULES = {
  perLicenceDay: 10,
  dailyBonus: 50,
  dailyBonusIntervalMs: 24 * 60 * 60 * 1000,
} as const;

export interface RankProgress {
  rank: (typeof RANKS)[number]['name'];
  xp: number;
  /** The next rank and the XP it needs, or null at the top rank. */
  next: { rank: (typeof RANKS)[number]['name']; xp: number; remaining: number } | null;
  /** 0–100 through the current rank towards the next. */
  progress: number;
}

/** Where `xp` stands among the ranks; one function for server answers and web display. */
export function rankFor(xp: number): RankProgress {
  const safeXp = Math.max(0, Math.floor(xp));
  let index = 0;
  RANKS.forEach((rank, i) => {
    if (safeXp >= rank.xp) index = i;
  });
  const current = RANKS[index] ?? RANKS[0];
  const next = RANKS[index + 1];
  if (!next) return { rank: current.name, xp: safeXp, next: null, progress: 100 };
  const span = next.xp - current.xp;
  return {
    rank: current.name,
    xp: safeXp,
    next: { rank: next.name, xp: next.xp, remaining: next.xp - safeXp },
    progress: Math.floor(((safeXp - current.xp) / span) * 100),
  };
}

/** How a reseller is created: a new account, or an existing client promoted (spec §5). */
export const RESELLER_CREATE_TYPES = ['new', 'existing'] as const;
export type ResellerCreateType = (typeof RESELLER_CREATE_TYPES)[number];

/** Reseller balances (DESIGN.md: integer cents stored; reais with 2 decimals in the API). */
export const RESELLER_LIMITS = {
  /** R$ 1.000.000,00: the largest single adjustment or initial balance. */
  amountMaxReais: 1_000_000,
  /** Keys one reseller purchase may buy. */
  keysPerPurchaseMax: 500,
  /** Rows of the reseller's own key CSV export. */
  keysCsvMaxRows: 100_000,
} as const;

/** Bypass whitelist (spec §9: UID at least 5; DESIGN.md: regions). */
export const BYPASS_LIMITS = {
  uidMax: 64,
  nicknameMax: 32,
  apiKeyNameMax: 64,
  /** Every bypass API key starts with this, so a leaked one is recognisable. */
  apiKeyPrefix: 'chv_',
  /** Characters after `apiKeyPrefix` kept as the key's lookup prefix. */
  apiKeyLookupChars: 8,
} as const;

/** UID characters: letters, digits, `_` and `-`. */
export const BYPASS_UID_PATTERN = /^[A-Za-z0-9_-]+$/;

/**
 * Payment settings the admin edits: the PIX key, beneficiary and city of the BR Code (manual
 * mode), the mode, and the Mercado Pago credentials (stored server-side, never sent back whole).
 */
export const PAYMENT_SETTING_KEYS = [
  'pix_key',
  'pix_beneficiary',
  'pix_city',
  'payment_mode',
  'mercadopago_access_token',
  'mercadopago_webhook_secret',
] as const;
export type PaymentSettingKey = (typeof PAYMENT_SETTING_KEYS)[number];

/** manual: a BR Code to the admin's key, confirmed by the admin; mercadopago: the gateway's. */
export const PAYMENT_MODES = ['manual', 'mercadopago'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/**
 * pending: waiting for payment; approved: paid and credited; rejected: refused by the admin;
 * cancelled: the charge was cancelled (admin or gateway); expired: not paid in time;
 * refunded: paid, then refunded or charged back (the balance debited).
 */
export const DEPOSIT_STATUSES = [
  'pending',
  'approved',
  'rejected',
  'cancelled',
  'expired',
  'refunded',
] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
/** Who takes the payment of a deposit. */
export const DEPOSIT_GATEWAYS = PAYMENT_MODES;
export type DepositGateway = PaymentMode;
/**
 * What the admin must look at: amount_mismatch (the gateway's payment differs from the deposit:
 * not credited); negative_balance (a refund or chargeback left the balance below zero).
 */
export const DEPOSIT_FLAGS = ['amount_mismatch', 'negative_balance'] as const;
export type DepositFlag = (typeof DEPOSIT_FLAGS)[number];
export const DEPOSIT_METHODS = ['pix'] as const;
export type DepositMethod = (typeof DEPOSIT_METHODS)[number];

/**
 * An order is one purchase, paid from the balance (completed at once) or by PIX: it waits for
 * its deposit (`awaiting_payment`), then completes by itself, or fails (the money stays on the
 * balance) or is cancelled (its deposit refused).
 */
export const ORDER_STATUSES = ['awaiting_payment', 'completed', 'failed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** A new plan bought in the shop, or the renewal of a subscription ("Renovar"). */
export const ORDER_KINDS = ['purchase', 'renewal'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
/** How an order is paid: all from the balance, or (part or all) by a PIX deposit. */
export const ORDER_METHODS = ['balance', 'pix'] as const;
export type OrderMethod = (typeof ORDER_METHODS)[number];

/** Deposits (amounts in reais in the API, cents stored). */
export const DEPOSIT_LIMITS = {
  /** R$ 5,00 */
  minReais: 5,
  /** R$ 10.000,00 per deposit. */
  maxReais: 10_000,
  /** Open deposits one user may have waiting at a time. */
  pendingMax: 5,
  rejectReasonMax: 300,
  pixKeyMax: 140,
  pixBeneficiaryMax: 100,
  pixCityMin: 2,
  pixCityMax: 60,
  /** Mercado Pago access token and webhook secret. */
  gatewaySecretMax: 300,
  /** Minutes a gateway charge can be paid. */
  gatewayExpiryMinutes: 30,
} as const;

/** open: waiting for staff; answered: staff replied last; closed: no more replies. */
export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** Support tickets: field sizes and the bounds that keep one account from flooding the queue. */
export const SUPPORT_LIMITS = {
  subjectMin: 3,
  subjectMax: 120,
  messageMax: 5_000,
  /** Tickets not yet closed that one account may hold at once. */
  openTicketsPerUser: 10,
  /** Messages one thread may hold (the thread view shows them all). */
  messagesPerTicket: 200,
} as const;

/** Notifications: how many ids one "mark as read" call may name. */
export const NOTIFICATION_LIMITS = { markReadIdsMax: 100 } as const;

export const NOTIFICATION_KINDS = [
  'subscription_expiring',
  'deposit_approved',
  'deposit_rejected',
  'ticket_answered',
  'key_redeemed',
  'machine_bound',
  'purchase_completed',
  'order_failed',
  'new_device',
  'product_status',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The values each global setting may take (spec §3 Settings). */
export const SETTING_VALUES = {
  server_status: ['online', 'offline'],
  maintenance_mode: ['on', 'off'],
  pause_all_users: ['on', 'off'],
} as const satisfies Record<SettingKey, readonly string[]>;

/** How long a server node may act on a stale setting (maintenance gate). */
export const SETTINGS_CACHE_MS = 1_000;

/** Loader protocol v1 (docs/loader-protocol.md). */
export const LOADER = {
  heartbeatSeconds: 30,
  /** A loader session lives this long unless a heartbeat renews it. */
  sessionTtlMs: 15 * 60 * 1000,
  /** A nonce seen within this window is refused (NONCE_REUSED). */
  nonceTtlMs: 10 * 60 * 1000,
  /** How far from its own clock a client accepts an answer's issuedAt. */
  maxClockSkewMs: 5 * 60 * 1000,
  /** Days a retired signing key is still published (LOADER_KEY_GRACE_DAYS). */
  keyGraceDays: 7,
  sessionMaxLength: 512,
} as const;

/**
 * Releasing one bound machine from a subscription (the card's 'Liberar'): free for a machine
 * bound within `freeWithinMs` (the "this wasn't me" case), at most once per `freeEveryMs` per
 * subscription; any other release spends one HWID reset credit, like a reset, so releasing
 * machines one by one never becomes a free reset.
 */
export const MACHINE_RELEASE = {
  freeWithinMs: 24 * 60 * 60 * 1000,
  freeEveryMs: 30 * 24 * 60 * 60 * 1000,
} as const;

/** A request nonce: 16 to 64 URL-safe characters, new for every request. */
export const LOADER_NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** A machine's hardware id: 8 to 128 characters of `[A-Za-z0-9._:-]`. */
export const LOADER_HWID_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;

/** Every refusal code of the loader protocol and the HTTP status that mirrors it. */
export const LOADER_REFUSALS = {
  INVALID_REQUEST: 400,
  NONCE_REUSED: 409,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  SERVER_OFFLINE: 503,
  MAINTENANCE: 503,
  INVALID_CREDENTIALS: 401,
  TWO_FACTOR_REQUIRED: 401,
  INVALID_TWO_FACTOR: 401,
  INVALID_KEY: 401,
  KEY_NOT_REDEEMED: 403,
  KEY_ALREADY_USED: 409,
  KEY_WRONG_PRODUCT: 403,
  ACCOUNT_BANNED: 403,
  EMAIL_NOT_VERIFIED: 403,
  PRODUCT_NOT_FOUND: 404,
  PRODUCT_DISABLED: 403,
  PRODUCT_UPDATING: 503,
  PRODUCT_UNAVAILABLE: 503,
  NO_SUBSCRIPTION: 403,
  SUBSCRIPTION_PAUSED: 403,
  SUBSCRIPTION_EXPIRED: 403,
  HWID_MISMATCH: 403,
  ACCOUNT_LOGIN_REQUIRED: 403,
  HWID_BLACKLISTED: 403,
  SESSION_INVALID: 401,
  HWID_RESET: 401,
  /** A security rule of the product ended this machine's sessions. */
  SESSION_ENDED: 401,
  NO_FILE: 404,
  /** The product's delivery is protected and the session was opened without a session key. */
  SESSION_KEY_REQUIRED: 403,
  /** The loader is older than the product's minimum version; carries the current `loader`. */
  LOADER_OUTDATED: 403,
  /** The loader's hash is no published release and the product refuses unknown loaders. */
  LOADER_MODIFIED: 403,
  INTERNAL_ERROR: 500,
} as const;
export type LoaderRefusalCode = keyof typeof LOADER_REFUSALS;
export const LOADER_REFUSAL_CODES = Object.keys(LOADER_REFUSALS) as LoaderRefusalCode[];
