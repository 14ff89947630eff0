import type { AdminSearchResponse, WorkQueuesResponse } from '@chaveiro/contract';
import { ADMIN_SEARCH } from '@chaveiro/contract';
import type { AppContext } from '../../platform/context.js';
import { keyStatusAt } from '../keys/index.js';
import type { AdminConsoleRepository } from './admin-console-repository.js';

export interface AdminConsoleServiceDeps extends Pick<AppContext, 'clock'> {
  repository: AdminConsoleRepository;
}

/** The admin console's work queues and the command palette's search (issue #22). */
export function createAdminConsoleService({ clock, repository }: AdminConsoleServiceDeps) {
  return {
    queues(): Promise<WorkQueuesResponse> {
      return repository.queueCounts();
    },

    /** Up to 5 accounts (username or e-mail prefix), keys (key prefix) and products (name). */
    async search(q: string): Promise<AdminSearchResponse> {
      const limit = ADMIN_SEARCH.perKind;
      const [users, keys, products] = await Promise.all([
        repository.usersStartingWith(q, limit),
        repository.keysStartingWith(q, limit),
        repository.productsNamed(q, limit),
      ]);
      const now = clock.now();
      // By username first, then by e-mail; an account matching both is listed once.
      const seen = new Set<string>();
      const accounts = users.filter((user) => !seen.has(user.id) && seen.add(user.id));
      return {
        users: accounts.slice(0, limit),
        keys: keys.map((key) => ({
          id: key.id,
          key: key.key,
          product: key.product_name,
          status: keyStatusAt(key, now),
        })),
        products,
      };
    },
  };
}

export type AdminConsoleService = ReturnType<typeof createAdminConsoleService>;
