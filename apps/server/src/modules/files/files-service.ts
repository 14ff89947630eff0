import { AVATAR_MIME_TYPES, messages } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { NotFoundError } from '../../platform/errors.js';
import type { StoredFile } from './files-repository.js';
import { createFilesRepository } from './files-repository.js';

/** The public address of a stored file. */
export function fileUrl(sha256: string): string {
  return `/api/files/${sha256}`;
}

/** The sha256 a `fileUrl` names, or undefined for any other address (e.g. a preset avatar). */
export function fileShaOf(url: string | null): string | undefined {
  const match = /^\/api\/files\/([0-9a-f]{64})$/.exec(url ?? '');
  return match?.[1];
}

const publicMimeTypes = new Set<string>(AVATAR_MIME_TYPES);

export function createFilesService({ db, clock }: Pick<AppContext, 'db' | 'clock'>) {
  const repository = createFilesRepository(db);
  return {
    /** Stores bytes content-addressed; storing the same bytes twice keeps one row. */
    async store(
      executor: Kysely<Database>,
      file: { sha256: string; mime: string; bytes: Buffer },
    ): Promise<void> {
      await repository.insertIfAbsent({ ...file, createdAt: clock.now() }, executor);
    },

    /** Drops a file once nothing points to it (after a DLL or avatar was replaced). */
    async release(executor: Kysely<Database>, sha256: string | null | undefined): Promise<void> {
      if (sha256) await repository.deleteIfUnreferenced(sha256, fileUrl(sha256), executor);
    },

    async read(sha256: string, executor: Kysely<Database> = db): Promise<StoredFile> {
      const file = await repository.find(sha256, executor);
      if (!file) throw new NotFoundError(messages.admin.fileNotFound);
      return file;
    },

    /**
     * A file anyone may fetch: images only. Product DLLs share the table but are served to
     * admins (and later the loader) through their own guarded routes.
     */
    async readPublic(sha256: string): Promise<StoredFile> {
      const file = /^[0-9a-f]{64}$/.test(sha256) ? await repository.find(sha256) : undefined;
      if (!file || !publicMimeTypes.has(file.mime)) {
        throw new NotFoundError(messages.admin.fileNotFound);
      }
      return file;
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
