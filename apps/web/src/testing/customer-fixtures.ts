import type {
  ClientDashboard,
  ClientSubscription,
  OrderReceipt,
  Profile,
} from '@chaveiro/contract';
import { rankFor } from '@chaveiro/contract';
import { setToken } from '@/lib/session';
import { epochSeconds, fakeToken } from '@/testing/fake-token';

/** Stores a client session, which every customer call needs before it is sent. */
export function signInAsClient(username = 'ana') {
  setToken(fakeToken({ role: 'client', username, exp: epochSeconds(3600) }));
}

export function aSubscription(overrides: Partial<ClientSubscription> = {}): ClientSubscription {
  return {
    subscription_id: 'sub-1',
    product_name: 'Aimbot Pro',
    subscription_status: 'active',
    expires_at: '2030-05-10T15:30:00.000Z',
    days_remaining: 12,
    is_expired: false,
    hwid: null,
    last_seen_at: null,
    is_online: false,
    pause_credits: 3,
    hwid_reset_credits: 3,
    max_devices: 1,
    paused_by_admin: false,
    frozen_by_product: false,
    product_status: {
      status: 'operational',
      note: null,
      time_frozen: false,
      since: '2030-01-01T00:00:00.000Z',
    },
    given_back: null,
    machines: [],
    online_minutes_30d: 0,
    usage_days: [],
    loader: null,
    ...overrides,
  };
}

export function aDashboard(overrides: Partial<ClientDashboard> = {}): ClientDashboard {
  return {
    subscriptions: [aSubscription()],
    balance: 0,
    xp: 1250,
    rank: rankFor(1250),
    server_status: 'online',
    daily_bonus_available_at: null,
    ...overrides,
  };
}

export function aProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    username: 'ana',
    email: 'ana@exemplo.com',
    avatar_url: null,
    is_two_factor_enabled: false,
    recovery_codes_remaining: 0,
    pending_email: null,
    avatar_presets: ['bottts', 'thumbs', 'shapes', 'identicon'].map(
      (style) => `/api/avatars/${style}.svg?seed=ana`,
    ),
    ...overrides,
  };
}

/** An order as `GET /api/orders/:id` answers it: a completed balance purchase by default. */
export function anOrder(overrides: Partial<OrderReceipt> = {}): OrderReceipt {
  return {
    id: 'order-1',
    kind: 'purchase',
    status: 'completed',
    product_name: 'Aimbot Pro',
    product_id: 'p-aim',
    duration_type: 'monthly',
    days: 30,
    price: 49.9,
    method: 'balance',
    paid_from_balance: 49.9,
    deposit: null,
    subscription_id: 'sub-new',
    failure_reason: null,
    created_at: '2030-01-15T12:00:00.000Z',
    completed_at: '2030-01-15T12:00:00.000Z',
    seller: 'Loja Exemplo',
    buyer: { username: 'ana', email: 'ana@example.com' },
    ...overrides,
  };
}
