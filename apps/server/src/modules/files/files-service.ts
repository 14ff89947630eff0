import { AVATAR_MIME_TYPES, messages } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppContext } from '../../platform/core/context.js';
import { runQueriesOn, withTransaction } from '../../platform/db/database.js';
import { NotFoundError } from '../../platform/core/errors.js';
import type { UploadedFile } from '../../platform/http/multipart.js';
import type { FilesRepository, StoredFile } from './files-repository.js';
import { FILE_CHUNK_BYTES } from './files-repository.js';

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

    /** What a stored file is, without its bytes. */
    async metadata(
      sha256: string,
      executor?: Kysely<Database>,
    ): Promise<{ mime: string; size: number }> {
      const file = await repository.head(sha256, executor);
      if (!file) throw new NotFoundError(messages.admin.fileNotFound);
      return { mime: file.mime, size: file.size };
    },

    /**
     * The file's bytes in order, in pieces of at most 1 MiB, each read when asked for (one
     * query a piece), so a 64 MB DLL is never held whole. NotFoundError (from the first
     * `next()`) when there is no such file; an error mid-way if it is deleted while being read.
     */
    stream(sha256: string): AsyncIterable<Buffer> {
      return piecesOf(repository, sha256);
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

async function* piecesOf(repository: FilesRepository, sha256: string): AsyncGenerator<Buffer> {
  const file = await repository.head(sha256);
  if (!file) throw new NotFoundError(messages.admin.fileNotFound);
  if (file.inline) {
    for (let offset = 0; offset < file.inline.length; offset += FILE_CHUNK_BYTES) {
      yield file.inline.subarray(offset, offset + FILE_CHUNK_BYTES);
    }
    return;
  }
  let sent = 0;
  for (let seq = 0; sent < file.size; seq += 1) {
    const piece = await repository.chunk(sha256, seq);
    if (!piece || piece.length === 0) {
      throw new Error(`Stored file ${sha256} lost piece ${String(seq)}`);
    }
    sent += piece.length;
    yield piece;
  }
  if (sent !== file.size) {
    throw new Error(`Stored file ${sha256} holds ${String(sent)} bytes, not ${String(file.size)}`);
  }
}

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
     * thread, from the temporary file; over 1 MiB as chunks, all in one transaction): inside
     * the transaction a 60 MB file would hold the event loop and the write lock for half a
     * second. If `link` fails, bytes nothing points to are dropped again.
     */
    async storeAndLink<T>(
      upload: UploadedFile,
      mime: string,
      link: (trx: Kysely<Database>) => Promise<T>,
    ): Promise<T> {
      const store = repository.insertFromDiskIfAbsent({
        sha256: upload.sha256,
        mime,
        size: upload.size,
        path: upload.path,
        createdAt: clock.now(),
      });
      // The same bytes uploaded again (a product sharing a DLL) are not read or written again.
      if (!(await repository.exists(upload.sha256))) {
        await runInBackground(store, { transaction: true });
      }
      try {
        return await withTransaction(db, async (trx) => {
          // A replacement committed in between may have dropped these bytes as unused (they
          // were another row's): stored again here, in the transaction, a chunk at a time.
          if (!(await repository.exists(upload.sha256, trx))) await runQueriesOn(trx)(store);
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
