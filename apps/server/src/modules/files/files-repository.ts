import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { fileContent } from '../../platform/db/database.js';

export interface StoredFile {
  mime: string;
  size: number;
  bytes: Buffer;
}

/**
 * Files larger than this are kept in `file_chunks` in pieces of this size (their `files.bytes`
 * is empty), so a 64 MB DLL is written and read a piece at a time; smaller ones stay inline.
 * The same size as migration 2026120801_protected_delivery split existing files into.
 */
export const FILE_CHUNK_BYTES = 1024 * 1024;

/** The beginning of a stored file: what it is, and its bytes when kept inline. */
export interface StoredFileHead {
  mime: string;
  size: number;
  /** The bytes of an inline file; undefined when they are in `file_chunks`. */
  inline: Buffer | undefined;
}

/** Queries on `files` and `file_chunks`: content-addressed blobs (avatars, DLLs, loaders). */
export function createFilesRepository(db: Kysely<Database>) {
  async function findHead(
    sha256: string,
    executor: Kysely<Database>,
  ): Promise<StoredFileHead | undefined> {
    const row = await executor
      .selectFrom('files')
      .select(['mime', 'size', 'bytes'])
      .where('sha256', '=', sha256)
      .executeTakeFirst();
    if (!row) return undefined;
    const size = Number(row.size);
    const bytes = asBuffer(row.bytes);
    // A chunked file keeps no bytes in its row; an empty file is inline (and has no chunks).
    return { mime: row.mime, size, inline: bytes.length === 0 && size > 0 ? undefined : bytes };
  }

  return {
    /**
     * Queries for `runInBackground` (in one transaction) storing the file at `path` under its
     * sha256 unless it is already there, its bytes read where the queries run: inline when
     * small, else the row (bytes empty) and then its chunks, each read from its own range of
     * the file, so no copy of the whole file is ever held. The row comes first for the foreign
     * key; the transaction makes row and chunks appear together.
     */
    insertFromDiskIfAbsent(file: {
      sha256: string;
      mime: string;
      size: number;
      path: string;
      createdAt: number;
    }): CompiledQuery[] {
      const chunked = file.size > FILE_CHUNK_BYTES;
      const row = db
        .insertInto('files')
        .values({
          sha256: file.sha256,
          mime: file.mime,
          size: file.size,
          // A stand-in Buffer for Kysely's types; runInBackground puts the bytes in its place.
          bytes: chunked ? Buffer.alloc(0) : (fileContent(file.path) as unknown as Buffer),
          created_at: file.createdAt,
        })
        .onConflict((oc) => oc.column('sha256').doNothing())
        .compile();
      if (!chunked) return [row];
      const chunks: CompiledQuery[] = [];
      for (let offset = 0, seq = 0; offset < file.size; offset += FILE_CHUNK_BYTES, seq += 1) {
        const length = Math.min(FILE_CHUNK_BYTES, file.size - offset);
        chunks.push(
          db
            .insertInto('file_chunks')
            .values({
              sha256: file.sha256,
              seq,
              bytes: fileContent(file.path, { offset, length }) as unknown as Buffer,
            })
            .onConflict((oc) => oc.columns(['sha256', 'seq']).doNothing())
            .compile(),
        );
      }
      return [row, ...chunks];
    },

    async exists(sha256: string, executor: Kysely<Database> = db): Promise<boolean> {
      const row = await executor
        .selectFrom('files')
        .select('sha256')
        .where('sha256', '=', sha256)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** What the file is and, when inline, its bytes (a chunked file's are read by `chunk`). */
    head(sha256: string, executor: Kysely<Database> = db): Promise<StoredFileHead | undefined> {
      return findHead(sha256, executor);
    },

    /** One piece of a chunked file (`seq` from 0), or undefined past its end. */
    async chunk(
      sha256: string,
      seq: number,
      executor: Kysely<Database> = db,
    ): Promise<Buffer | undefined> {
      const row = await executor
        .selectFrom('file_chunks')
        .select('bytes')
        .where('sha256', '=', sha256)
        .where('seq', '=', seq)
        .executeTakeFirst();
      return row && asBuffer(row.bytes);
    },

    /** The whole file in memory, its chunks joined (avatars, and callers that need it all). */
    async find(sha256: string, executor: Kysely<Database> = db): Promise<StoredFile | undefined> {
      const file = await findHead(sha256, executor);
      if (!file) return undefined;
      if (file.inline) return { mime: file.mime, size: file.size, bytes: file.inline };
      const chunks = await executor
        .selectFrom('file_chunks')
        .select('bytes')
        .where('sha256', '=', sha256)
        .orderBy('seq')
        .execute();
      const bytes = Buffer.concat(chunks.map((chunk) => chunk.bytes));
      if (bytes.length !== file.size) throw new Error(`Stored file ${sha256} is incomplete`);
      return { mime: file.mime, size: file.size, bytes };
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
      // The chunks go with their row: by the foreign key's cascade where it is enforced, and
      // here where it is not (a SQLite connection without `foreign_keys`), never while a row
      // still names them (uploaded again in between).
      await executor
        .deleteFrom('file_chunks')
        .where('sha256', '=', sha256)
        .where((eb) =>
          eb.not(
            eb.exists(eb.selectFrom('files').select('sha256').where('files.sha256', '=', sha256)),
          ),
        )
        .execute();
    },
  };
}

export type FilesRepository = ReturnType<typeof createFilesRepository>;

/** Both drivers give BLOBs as Buffers; anything else is copied into one. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes);
}
