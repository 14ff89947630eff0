/**
 * Every cache key of the web in one place. A key's first parts name what it holds, so one
 * invalidation of a prefix (`queryKeys.users.all`) refreshes every page and detail below it.
 * Filters are whatever object the request is sent with.
 */
export const queryKeys = {
  products: ['products'] as const,
  /** A product's status timeline (under the catalogue, so a catalogue refresh refreshes it). */
  productStatusHistory: (productId: string) => ['products', productId, 'status-history'] as const,
  /** A product's published loader versions (under the catalogue). */
  loaderReleases: (productId: string) => ['products', productId, 'loader-releases'] as const,
  /** Delivered copies of product files ("Rastrear vazamento", the customer page). */
  deliveries: {
    all: ['deliveries'] as const,
    list: (query: object) => ['deliveries', 'list', query] as const,
  },
  /** The loaders' security events ("Segurança", the customer page). */
  securityEvents: {
    all: ['security-events'] as const,
    list: (query: object) => ['security-events', 'list', query] as const,
  },
  users: {
    all: ['users'] as const,
    list: (query: object) => ['users', 'list', query] as const,
    subscriptions: (userId: string) => ['users', userId, 'subscriptions'] as const,
    /** The customer page (`/admin/users/:id`): its head and its paged sections. */
    overview: (userId: string) => ['users', userId, 'overview'] as const,
    section: (userId: string, section: string, query: object) =>
      ['users', userId, section, query] as const,
    /** Client accounts for the key-link and reseller-promotion pickers. */
    clients: (q: string) => ['users', 'clients', q] as const,
  },
  keys: {
    all: ['keys'] as const,
    list: (filters: object) => ['keys', 'list', filters] as const,
    detail: (id: string) => ['keys', 'detail', id] as const,
  },
  dashboard: {
    all: ['dashboard'] as const,
    metrics: ['dashboard', 'metrics'] as const,
    recentActivities: ['dashboard', 'recent-activities'] as const,
  },
  /** The admin's charts for a period, and the subscriptions expiring soon. */
  analytics: {
    all: ['analytics'] as const,
    range: (query: object) => ['analytics', 'range', query] as const,
    expiring: (query: object) => ['analytics', 'expiring', query] as const,
  },
  activity: {
    all: ['activity'] as const,
    list: (filters: object) => ['activity', 'list', filters] as const,
  },
  bypass: {
    all: ['bypass'] as const,
    uidList: (filters: object) => ['bypass', 'uids', filters] as const,
    apiKeyList: (page: number, pageSize: number) =>
      ['bypass', 'api-keys', { page, pageSize }] as const,
  },
  resellers: {
    all: ['resellers'] as const,
    list: (query: object) => ['resellers', 'list', query] as const,
    ledger: (id: string) => ['resellers', 'ledger', id] as const,
  },
  /** The signed-in admin's or reseller's own API tokens ("Tokens de API"). */
  apiTokens: {
    all: ['api-tokens'] as const,
    list: (query: object) => ['api-tokens', 'list', query] as const,
  },
  settings: ['settings'] as const,
  /** The maintenance flag every visitor polls (under settings, so a settings change refreshes it). */
  publicSettings: ['settings', 'public'] as const,
  /** The global reseller discount (admin settings; the product form's reseller price hint). */
  resellerPricing: ['settings', 'reseller-pricing'] as const,
  admin: {
    profile: ['admin', 'profile'] as const,
    /** Sidebar badges: deposits and tickets waiting for staff (polled). */
    queues: ['admin', 'queues'] as const,
    /** The command palette's search. */
    search: (q: string) => ['admin', 'search', q] as const,
    /** The outbox's dead deliveries (/admin/outbox). */
    deadDeliveries: {
      all: ['admin', 'outbox', 'dead'] as const,
      page: (page: number) => ['admin', 'outbox', 'dead', page] as const,
    },
    deposits: {
      all: ['admin', 'deposits'] as const,
      list: (query: object) => ['admin', 'deposits', 'list', query] as const,
    },
    paymentSettings: ['admin', 'payment-settings'] as const,
    /** A product's KeyAuth compatibility: settings, variables, HWID blacklist. */
    keyauth: {
      all: (productId: string) => ['admin', 'keyauth', productId] as const,
      settings: (productId: string) => ['admin', 'keyauth', productId, 'settings'] as const,
      variables: (productId: string) => ['admin', 'keyauth', productId, 'variables'] as const,
      blacklist: (productId: string, query: object) =>
        ['admin', 'keyauth', productId, 'blacklist', query] as const,
    },
    /** The keys that sign loader answers, for "Integrar loader". */
    loaderPublicKey: ['admin', 'loader-public-key'] as const,
    /** Outgoing webhook endpoints and each one's delivery log. */
    webhooks: {
      all: ['admin', 'webhooks'] as const,
      list: ['admin', 'webhooks', 'list'] as const,
      deliveries: (endpointId: string, query: object) =>
        ['admin', 'webhooks', 'deliveries', endpointId, query] as const,
    },
    tickets: {
      all: ['admin', 'support', 'tickets'] as const,
      list: (query: object) => ['admin', 'support', 'tickets', 'list', query] as const,
      detail: (id: string) => ['admin', 'support', 'tickets', 'detail', id] as const,
    },
  },
  client: {
    /** Subscriptions, balance and XP; resellers read their balance from it too. */
    dashboard: ['client', 'dashboard'] as const,
    profile: ['profile'] as const,
    /** Perfil › Sessões ativas (under the profile, so a profile refresh refreshes it). */
    sessions: ['profile', 'sessions'] as const,
    /** Perfil › E-mails de status dos produtos. */
    notificationPreferences: ['profile', 'notification-preferences'] as const,
    notifications: ['notifications', 'bell'] as const,
    redeemHistory: ['client', 'redeem-history'] as const,
    shopProducts: ['client', 'shop', 'products'] as const,
    /** What "Renovar" offers for one subscription. */
    renewal: (subscriptionId: string) => ['client', 'shop', 'renewal', subscriptionId] as const,
    orders: {
      all: ['client', 'orders'] as const,
      list: (query: object) => ['client', 'orders', 'list', query] as const,
      detail: (id: string) => ['client', 'orders', 'detail', id] as const,
    },
    deposits: {
      all: ['client', 'deposits'] as const,
      recent: ['client', 'deposits', 'recent'] as const,
      detail: (id: string) => ['client', 'deposits', 'detail', id] as const,
      availability: ['client', 'deposits', 'availability'] as const,
    },
    tickets: {
      all: ['support', 'tickets'] as const,
      list: (query: object) => ['support', 'tickets', 'list', query] as const,
      detail: (id: string) => ['support', 'tickets', 'detail', id] as const,
    },
  },
  reseller: {
    all: ['reseller'] as const,
    products: ['reseller', 'products'] as const,
    stats: ['reseller', 'stats'] as const,
    analytics: (query: object) => ['reseller', 'analytics', query] as const,
    keys: (filters: object) => ['reseller', 'keys', filters] as const,
  },
};
