import type { AvatarMimeType } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.js';
import { UnprocessableError } from '../../platform/core/errors.js';
import type { UploadedFile } from '../../platform/http/multipart.js';
import type { FileUploadService, FilesService } from '../files/index.js';
import { fileShaOf, fileUrl } from '../files/index.js';
import type { UserAdminRepository } from './user-admin-repository.js';

export interface AvatarServiceDeps {
  files: FilesService;
  uploads: FileUploadService;
  userAdmin: UserAdminRepository;
}

/** Uploaded profile pictures, for the admin's dialog and the customer's profile alike. */
export function createAvatarService({ files, uploads, userAdmin }: AvatarServiceDeps) {
  return {
    /**
     * Checks the upload by its first bytes (whatever its name claims), stores it and runs
     * `apply` in a transaction; `apply` loads the user and calls `point` to make the picture
     * theirs, with whatever else the same change writes.
     */
    async replace<T>(
      upload: UploadedFile,
      accepted: readonly AvatarMimeType[],
      refusal: string,
      apply: (trx: Kysely<Database>) => Promise<T>,
    ): Promise<T> {
      const mime = imageTypeOf(upload.head);
      if (!mime || !accepted.includes(mime)) throw new UnprocessableError(refusal, 'INVALID_FILE');
      return uploads.storeAndLink(upload, mime, apply);
    },

    /** Points the user's avatar at a stored upload; the previous upload goes once unused. */
    async point(
      executor: Kysely<Database>,
      user: Pick<UserRow, 'id' | 'avatar_url'>,
      sha256: string,
    ): Promise<void> {
      await userAdmin.setAvatarUrl(user.id, fileUrl(sha256), executor);
      const previous = fileShaOf(user.avatar_url);
      if (previous !== sha256) await files.release(executor, previous);
    },
  };
}

/** The image type the bytes really are (PNG, JPEG, WebP, GIF) by their first 12, or undefined. */
export function imageTypeOf(bytes: Buffer): AvatarMimeType | undefined {
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

export type AvatarService = ReturnType<typeof createAvatarService>;
