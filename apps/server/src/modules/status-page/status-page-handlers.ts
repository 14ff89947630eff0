import { defineHandler } from '../../events/index.js';
import type { StatusPageService } from './status-page-service.js';

/**
 * On `product.status_changed`: drops the cached status page, here and on every other node, so
 * the next poll shows the change instead of waiting out the cache. Memory only (`deliver`); a
 * repeat drops it again, harmlessly.
 */
export function createStatusChangedHandler({
  statusPage,
}: {
  statusPage: Pick<StatusPageService, 'invalidate'>;
}) {
  return defineHandler({
    name: 'status-page.refresh', // stored with each delivery: never rename
    on: 'product.status_changed',
    deliver() {
      statusPage.invalidate();
      return Promise.resolve();
    },
  });
}
