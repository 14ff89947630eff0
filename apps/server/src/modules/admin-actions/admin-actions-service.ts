import type { MassActionResponse } from '@chaveiro/contract';
import { messages } from '@chaveiro/contract';
import type { AppContext } from '../../platform/core/context.js';
import { withTransaction } from '../../platform/db/database.js';
import type { Actor } from '../../platform/http/auth.js';
import type { ActivityService } from '../activity/index.js';
import type { FilesService } from '../files/index.js';
import { fileShaOf } from '../files/index.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import type { UserAdminRepository } from '../users/index.js';
import type { AdminActionsRepository } from './admin-actions-repository.js';

const text = messages.settings;

export interface AdminActionsServiceDeps extends Pick<AppContext, 'db'> {
  repository: AdminActionsRepository;
  /** The mass HWID reset is the subscriptions'. */
  subscriptions: Pick<SubscriptionsService, 'resetAllHwids'>;
  /** The mass deletion of non-admin accounts. */
  accounts: Pick<UserAdminRepository, 'deleteNonAdmins'>;
  activity: ActivityService;
  files: FilesService;
}

/** The settings screen's bulk actions; both leave admins untouched and run in one transaction. */
export function createAdminActionsService({
  db,
  repository,
  subscriptions,
  accounts,
  activity,
  files,
}: AdminActionsServiceDeps) {
  return {
    async resetAllHwids(actor: Actor): Promise<MassActionResponse> {
      const count = await withTransaction(db, async (trx) => {
        const touched = await subscriptions.resetAllHwids(trx);
        await activity.record(trx, actor, {
          type: 'mass.hwids_reset',
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
        const deleted = await accounts.deleteNonAdmins(trx);
        for (const url of avatars) await files.release(trx, fileShaOf(url));
        await activity.record(trx, actor, {
          type: 'mass.users_deleted',
          action: text.logUsersDeleted(deleted),
          target: 'users:all',
        });
        return deleted;
      });
      return { message: text.usersDeleted(count), count };
    },
  };
}

export type AdminActionsService = ReturnType<typeof createAdminActionsService>;
