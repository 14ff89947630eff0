import { readFile } from 'node:fs/promises';
import { AVATAR_MIME_TYPES, messages } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppContext } from '../../platform/core/context.js';
import { withTransaction } from '../../platform/db/database.js';
import { NotFoundError } from '../../platform/core/errors.js';
import type { UploadedFile } from '../../platform/http/multipart.js';
import type { FilesRepository, StoredFile } from './files-repository.js';

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

export function createFilesService({ repository }: { repository: FilesRepository }) {
  return {
    /** Drops a file once nothing points to it (after a DLL or avatar was replaced). */
    async release(executor: Kysely<Database>, sha256: string | null | undefined): Promise<void> {
      if (sha256) await repository.deleteIfUnreferenced(sha256, fileUrl(sha256), executor);
    },

    async read(sha256: string, executor?: Kysely<Database>): Promise<StoredFile> {
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

export interface FileUploadServiceDeps extends Pick<
  AppContext,
  'db' | 'clock' | 'runInBackground'
> {
  repository: FilesRepository;
}

/** Stores uploads (avatars, product DLLs) content-addressed, without holding the event loop. */
export function createFileUploadService({
  db,
  clock,
  runInBackground,
  repository,
}: FileUploadServiceDeps) {
  return {
    /**
     * Stores the upload's bytes, then runs `link` (which points a row at them) in a transaction.
     * The bytes are written first and on their own, off the event loop (on SQLite by the worker
     * thread, from the temporary file): inside the transaction a 60 MB BLOB would hold the
     * event loop and the write lock for half a second. If `link` fails, bytes nothing points
     * to are dropped again.
     */
    async storeAndLink<T>(
      upload: UploadedFile,
      mime: string,
      link: (trx: Kysely<Database>) => Promise<T>,
    ): Promise<T> {
      const file = { sha256: upload.sha256, mime, size: upload.size, createdAt: clock.now() };
      await runInBackground([repository.insertFromDiskIfAbsent({ ...file, path: upload.path })]);
      try {
        return await withTransaction(db, async (trx) => {
          // A replacement committed in between may have dropped these bytes as unused (they
          // were another row's): stored again here, in the transaction.
          if (!(await repository.exists(upload.sha256, trx))) {
            await repository.insertIfAbsent({ ...file, bytes: await readFile(upload.path) }, trx);
          }
          return link(trx);
        });
      } catch (error) {
        await repository.deleteIfUnreferenced(upload.sha256, fileUrl(upload.sha256));
        throw error;
      }
    },
  };
}

export type FileUploadService = ReturnType<typeof createFileUploadService>;
