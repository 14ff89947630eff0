import type { AdminProfile, AdminProfileUpdateResponse, AvatarMimeType } from '@chaveiro/contract';
import { adminProfileFieldsSchema, messages } from '@chaveiro/contract';
import type { AppContext } from '../../platform/context.js';
import { withTransaction } from '../../platform/database.js';
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  UnprocessableError,
} from '../../platform/errors.js';
import type { MultipartForm } from '../../platform/multipart.js';
import type { Actor } from '../activity/activity-service.js';
import { createActivityService } from '../activity/activity-service.js';
import { createFilesService, fileShaOf, fileUrl } from '../files/files-service.js';
import { createUserAdminRepository, createUsersRepository } from '../users/users-repository.js';

const text = messages.admin;

/** The admin's own name and avatar ('Personalizar Perfil'). */
export function createAdminProfileService(ctx: Pick<AppContext, 'db' | 'clock'>) {
  const { db } = ctx;
  const users = createUsersRepository(db);
  const userAdmin = createUserAdminRepository(db);
  const files = createFilesService(ctx);
  const activity = createActivityService(ctx);

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
      const avatar = form.file && { ...form.file, mime: imageType(form.file.bytes) };
      if (avatar && !avatar.mime) throw new UnprocessableError(text.avatarInvalid, 'INVALID_FILE');

      await withTransaction(db, async (trx) => {
        const user = await users.findById(actor.userId, trx);
        if (!user) throw new NotFoundError(text.userNotFound);
        if (username !== undefined) {
          const taken = await userAdmin.takenByOthers(user.id, { username }, trx);
          if (taken.username)
            throw new ConflictError(messages.auth.usernameTaken, 'USERNAME_TAKEN');
          await userAdmin.updateAccount(user.id, { username }, trx);
        }
        if (avatar?.mime) {
          await files.store(trx, { sha256: avatar.sha256, mime: avatar.mime, bytes: avatar.bytes });
          await userAdmin.setAvatarUrl(user.id, fileUrl(avatar.sha256), trx);
          const previous = fileShaOf(user.avatar_url);
          if (previous !== avatar.sha256) await files.release(trx, previous);
        }
        await activity.record(trx, actor, {
          action: messages.activity.profileUpdated(username ?? user.username),
          target: `user:${user.id}`,
        });
      });
      return { message: text.profileUpdated, ...(await profileOf(actor.userId)) };
    },
  };
}

/** The image type the bytes really are (PNG, JPEG, WebP, GIF), whatever the upload claims. */
function imageType(bytes: Buffer): AvatarMimeType | undefined {
  const starts = (signature: number[], offset = 0) =>
    bytes.length >= offset + signature.length &&
    signature.every((byte, index) => bytes[offset + index] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (starts([0x37, 0x61], 4) || starts([0x39, 0x61], 4))) {
    return 'image/gif';
  }
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}
