import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { fileContent } from '../../platform/db/database.js';

export interface StoredFile {
  mime: string;
  size: number;
  bytes: Buffer;
}

/** Queries on `files`: content-addressed blobs (avatars, product DLLs and loader files). */
export function createFilesRepository(db: Kysely<Database>) {
  return {
    /** Stores the bytes under their sha256 unless they are already there. */
    async insertIfAbsent(
      file: { sha256: string; mime: string; size: number; bytes: Buffer; createdAt: number },
      executor: Kysely<Database> = db,
    ): Promise<void> {
      await executor
        .insertInto('files')
        .values({
          sha256: file.sha256,
          mime: file.mime,
          size: file.size,
          bytes: file.bytes,
          created_at: file.createdAt,
        })
        .onConflict((oc) => oc.column('sha256').doNothing())
        .execute();
    },

    /**
     * The same insert for `runInBackground`, with the bytes read from the file at `path` where
     * the query runs.
     */
    insertFromDiskIfAbsent(file: {
      sha256: string;
      mime: string;
      size: number;
      path: string;
      createdAt: number;
    }): CompiledQuery {
      return db
        .insertInto('files')
        .values({
          sha256: file.sha256,
          mime: file.mime,
          size: file.size,
          // A stand-in Buffer for Kysely's types; runInBackground puts the bytes in its place.
          bytes: fileContent(file.path) as unknown as Buffer,
          created_at: file.createdAt,
        })
        .onConflict((oc) => oc.column('sha256').doNothing())
        .compile();
    },

    async exists(sha256: string, executor: Kysely<Database> = db): Promise<boolean> {
      const row = await executor
        .selectFrom('files')
        .select('sha256')
        .where('sha256', '=', sha256)
        .executeTakeFirst();
      return row !== undefined;
    },

    async find(sha256: string, executor: Kysely<Database> = db): Promise<StoredFile | undefined> {
      const row = await executor
        .selectFrom('files')
        .select(['mime', 'size', 'bytes'])
        .where('sha256', '=', sha256)
        .executeTakeFirst();
      return row && { mime: row.mime, size: Number(row.size), bytes: Buffer.from(row.bytes) };
    },

    /** Removes a file no product (DLL or loader file) and no avatar points to any more. */
    async deleteIfUnreferenced(
      sha256: string,
      avatarUrl: string,
      executor: Kysely<Database> = db,
    ): Promise<void> {
      await executor
        .deleteFrom('files')
        .where('sha256', '=', sha256)
        .where((eb) =>
          eb.not(
            eb.or([
              eb.exists(
                eb.selectFrom('products').select('id').where('products.file_sha256', '=', sha256),
              ),
              eb.exists(
                eb.selectFrom('products').select('id').where('products.loader_sha256', '=', sha256),
              ),
              eb.exists(
                eb.selectFrom('users').select('id').where('users.avatar_url', '=', avatarUrl),
              ),
            ]),
          ),
        )
        .execute();
    },
  };
}

export type FilesRepository = ReturnType<typeof createFilesRepository>;
