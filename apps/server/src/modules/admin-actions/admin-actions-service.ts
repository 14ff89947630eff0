import type { MassActionResponse } from '@chaveiro/contract';
import { messages } from '@chaveiro/contract';
import type { AppContext } from '../../platform/context.js';
import { withTransaction } from '../../platform/database.js';
import type { Actor } from '../activity/activity-service.js';
import { createActivityService } from '../activity/activity-service.js';
import { createFilesService, fileShaOf } from '../files/files-service.js';
import { createSubscriptionsRepository } from '../subscriptions/subscriptions-repository.js';
import { createAdminActionsRepository } from './admin-actions-repository.js';

const text = messages.settings;

/** The settings screen's bulk actions; both leave admins untouched and run in one transaction. */
export function createAdminActionsService(ctx: Pick<AppContext, 'db' | 'clock'>) {
  const { db } = ctx;
  const repository = createAdminActionsRepository(db);
  const subscriptions = createSubscriptionsRepository(db);
  const activity = createActivityService(ctx);
  const files = createFilesService(ctx);

  return {
    async resetAllHwids(actor: Actor): Promise<MassActionResponse> {
      const count = await withTransaction(db, async (trx) => {
        const touched = await repository.countAccountsWithMachines(trx);
        await subscriptions.unbindMachines({ nonAdmins: true }, trx);
        await activity.record(trx, actor, {
          action: text.logHwidsReset(touched),
          target: 'users:all',
        });
        return touched;
      });
      return { message: text.hwidsReset(count), count };
    },

    async deleteAllUsers(actor: Actor): Promise<MassActionResponse> {
      const count = await withTransaction(db, async (trx) => {
        const avatars = await repository.nonAdminAvatarUrls(trx);
        const deleted = await repository.deleteNonAdmins(trx);
        for (const url of avatars) await files.release(trx, fileShaOf(url));
        await activity.record(trx, actor, {
          action: text.logUsersDeleted(deleted),
          target: 'users:all',
        });
        return deleted;
      });
      return { message: text.usersDeleted(count), count };
    },
  };
}
