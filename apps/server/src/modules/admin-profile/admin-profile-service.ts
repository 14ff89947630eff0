import type { AdminProfile, AdminProfileUpdateResponse } from '@chaveiro/contract';
import { AVATAR_MIME_TYPES, adminProfileFieldsSchema, messages } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppContext } from '../../platform/core/context.js';
import { withTransaction } from '../../platform/db/database.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/core/errors.js';
import type { MultipartForm } from '../../platform/http/multipart.js';
import type { Actor } from '../../platform/http/auth.js';
import type { ActivityService } from '../activity/index.js';
import type { AvatarService, UserAdminRepository, UsersRepository } from '../users/index.js';

const text = messages.admin;

export interface AdminProfileServiceDeps extends Pick<AppContext, 'db' | 'clock'> {
  users: UsersRepository;
  userAdmin: UserAdminRepository;
  avatars: AvatarService;
  activity: ActivityService;
}

/** The admin's own name and avatar ('Personalizar Perfil'). */
export function createAdminProfileService({
  db,
  clock,
  users,
  userAdmin,
  avatars,
  activity,
}: AdminProfileServiceDeps) {
  async function profileOf(userId: string): Promise<AdminProfile> {
    const user = await users.findById(userId);
    if (!user) throw new NotFoundError(text.userNotFound);
    return { username: user.username, avatar_url: user.avatar_url };
  }

  return {
    get: profileOf,

    /** Optional new username and optional avatar image (checked by its first bytes). */
    async update(form: MultipartForm, actor: Actor): Promise<AdminProfileUpdateResponse> {
      const fields = adminProfileFieldsSchema.safeParse(form.fields);
      if (!fields.success) {
        throw new BadRequestError(fields.error.issues[0]?.message, 'VALIDATION_ERROR');
      }
      const { username } = fields.data;
      if (username === undefined && !form.file)
        throw new BadRequestError(text.profileNothingToUpdate);

      const { file } = form;
      const apply = async (trx: Kysely<Database>) => {
        const user = await users.findById(actor.userId, trx);
        if (!user) throw new NotFoundError(text.userNotFound);
        if (username !== undefined) {
          const taken = await userAdmin.takenByOthers(user.id, { username }, clock.now(), trx);
          if (taken.username)
            throw new ConflictError(messages.auth.usernameTaken, 'USERNAME_TAKEN');
          await userAdmin.updateAccount(user.id, { username }, trx);
        }
        if (file) await avatars.point(trx, user, file.sha256);
        await activity.record(trx, actor, {
          type: 'profile.updated',
          action: messages.activity.profileUpdated(username ?? user.username),
          target: `user:${user.id}`,
        });
      };
      await (file
        ? avatars.replace(file, AVATAR_MIME_TYPES, text.avatarInvalid, apply)
        : withTransaction(db, apply));
      return { message: text.profileUpdated, ...(await profileOf(actor.userId)) };
    },
  };
}

export type AdminProfileService = ReturnType<typeof createAdminProfileService>;
