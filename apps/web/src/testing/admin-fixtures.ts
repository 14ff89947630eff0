import type { Product, UserListItem } from '@chaveiro/contract';
import { toast } from 'sonner';
import { afterEach, beforeEach, vi } from 'vitest';
import { epochSeconds, fakeToken } from '@/testing/fake-token';

/** Stores an admin session, which every admin call needs before it is sent. */
export function signInAsAdmin() {
  localStorage.setItem(
    'authToken',
    fakeToken({ role: 'admin', username: 'admin', exp: epochSeconds(3600) }),
  );
}

/** Every test of the file starts signed in as an admin and leaves no fetch stub or toast behind. */
export function signInAsAdminForEachTest() {
  beforeEach(signInAsAdmin);
  afterEach(() => {
    vi.unstubAllGlobals();
    toast.dismiss();
  });
}

export const joana: UserListItem = {
  id: 'user-joana',
  user: 'joana',
  email: 'joana@exemplo.com',
  createdAt: '2026-03-05T12:00:00.000Z',
  status: 'active',
  role: 'client',
  hwid: null,
  products: ['Valorant Pro', 'Valorant Pro', 'CS Lite'],
  balance: 0,
};

/** One page of a paged list answer holding all of `items`. */
export function pageOf<T>(items: T[], pageSize = 20) {
  return { items, total: items.length, page: 1, pageSize };
}

/** A product that works (its operational status), as every product starts. */
export const operationalStatus: Product['operational'] = {
  status: 'operational',
  note: null,
  freezeTime: true,
  sellWhileDown: false,
  since: '2026-01-01T00:00:00.000Z',
};

/** A product's protection as a new product starts ("Proteção"). */
export const defaultProtection: Product['protection'] = {
  protectedDelivery: true,
  offlineGraceHours: 0,
  loaderMinVersion: null,
  unknownLoaderPolicy: 'allow',
  securityRules: { debugger: 'record', hooked_api: 'record', self_check_failed: 'record' },
};

export const products: Product[] = [
  {
    id: 'prod-1',
    name: 'Valorant Pro',
    description: '',
    status: 'active',
    operational: operationalStatus,
    protection: defaultProtection,
    plans: { monthly: 49.9 },
    resellerPlans: {},
    file: null,
    loader: null,
    inUse: false,
  },
];
