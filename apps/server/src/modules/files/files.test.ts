import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError } from '../../platform/core/errors.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { createFilesRepository, FILE_CHUNK_BYTES } from './files-repository.js';
import type { FilesService } from './files-service.js';
import { uploadDll } from '../../testing/product-files.js';

const MiB = 1024 * 1024;

let t: TestApp;
let admin: TestUser;
let files: FilesService;
/** Statements the app's main connections ran, for counting a stream's queries. */
const statements: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ onQuery: (statement) => statements.push(statement) });
  admin = await t.createUser({ role: 'admin' });
  files = t.app.services.files;
});
afterAll(() => t.close());

/** A PE-looking DLL (the upload checks the `MZ`) of `size` random bytes. */
function dll(size: number): Buffer {
  const bytes = randomBytes(size);
  bytes.write('MZ', 0, 'latin1');
  return bytes;
}

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function collect(pieces: AsyncIterable<Buffer>): Promise<Buffer[]> {
  const collected: Buffer[] = [];
  for await (const piece of pieces) collected.push(piece);
  return collected;
}

async function storedRow(sha256: string) {
  return t.database.db
    .selectFrom('files')
    .select(['size', 'bytes'])
    .where('sha256', '=', sha256)
    .executeTakeFirst();
}

async function chunkSizes(sha256: string): Promise<number[]> {
  const rows = await t.database.db
    .selectFrom('file_chunks')
    .select(['seq', 'bytes'])
    .where('sha256', '=', sha256)
    .orderBy('seq')
    .execute();
  return rows.map((row) => row.bytes.length);
}

describe('chunked file storage', () => {
  it('stores a 3.5 MiB DLL as 1 MiB chunks that stream and read back whole', async () => {
    const product = await t.fixtures.product();
    const bytes = dll(3.5 * MiB);
    const sha256 = sha256Of(bytes);

    await uploadDll(t, admin, product.id, bytes);

    const row = await storedRow(sha256);
    expect(Number(row?.size)).toBe(bytes.length);
    expect(row?.bytes.length).toBe(0);
    expect(await chunkSizes(sha256)).toEqual([MiB, MiB, MiB, MiB / 2]);

    // One query for the row, then one per piece, each asked for as the reader pulls it.
    statements.length = 0;
    const pieces = await collect(files.stream(sha256));
    expect(pieces.map((piece) => piece.length)).toEqual([MiB, MiB, MiB, MiB / 2]);
    expect(Buffer.concat(pieces).equals(bytes)).toBe(true);
    expect(statements.filter((s) => /from "file_chunks"/.test(s))).toHaveLength(4);
    expect(statements.every((s) => !/from "file_chunks"/.test(s) || /"seq" = /.test(s))).toBe(true);

    expect(await files.metadata(sha256)).toEqual({
      mime: 'application/vnd.microsoft.portable-executable',
      size: bytes.length,
    });
    // The admin's download, streamed, gives the same bytes.
    const downloaded = await t.app.inject({
      method: 'GET',
      url: `/api/products/${product.id}/dll`,
      headers: admin.headers,
    });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.rawPayload.equals(bytes)).toBe(true);
  });

  it('keeps a file of at most 1 MiB inline and streams it as one piece', async () => {
    const product = await t.fixtures.product();
    const bytes = dll(FILE_CHUNK_BYTES);
    const sha256 = sha256Of(bytes);

    await uploadDll(t, admin, product.id, bytes);

    expect((await storedRow(sha256))?.bytes.equals(bytes)).toBe(true);
    expect(await chunkSizes(sha256)).toEqual([]);
    const pieces = await collect(files.stream(sha256));
    expect(pieces).toHaveLength(1);
    expect(pieces[0]?.equals(bytes)).toBe(true);
  });

  it('refuses to stream a file that is not stored', async () => {
    await expect(collect(files.stream('0'.repeat(64)))).rejects.toBeInstanceOf(NotFoundError);
    await expect(files.metadata('0'.repeat(64))).rejects.toBeInstanceOf(NotFoundError);
  });

  it('stores the same large file once when uploaded for two products at the same time', async () => {
    const [first, second] = [await t.fixtures.product(), await t.fixtures.product()];
    const bytes = dll(2 * MiB + 10);
    const sha256 = sha256Of(bytes);

    await Promise.all([
      uploadDll(t, admin, first.id, bytes),
      uploadDll(t, admin, second.id, bytes),
    ]);
    await uploadDll(t, admin, first.id, bytes);

    expect(await chunkSizes(sha256)).toEqual([MiB, MiB, 10]);
    expect(Buffer.concat(await collect(files.stream(sha256))).equals(bytes)).toBe(true);
  });

  it('drops the chunks with the file once no product points to it', async () => {
    const [first, second] = [await t.fixtures.product(), await t.fixtures.product()];
    const bytes = dll(1.5 * MiB);
    const sha256 = sha256Of(bytes);
    await uploadDll(t, admin, first.id, bytes);
    await uploadDll(t, admin, second.id, bytes);

    // Still the second product's DLL: kept.
    await uploadDll(t, admin, first.id, dll(100));
    expect(await chunkSizes(sha256)).toEqual([MiB, MiB / 2]);

    // Not relying on the foreign key's cascade: SQLite may run without it.
    const sqlite = t.database.dialect === 'sqlite';
    if (sqlite) await sql`pragma foreign_keys = off`.execute(t.database.db);
    try {
      await uploadDll(t, admin, second.id, dll(100));
    } finally {
      if (sqlite) await sql`pragma foreign_keys = on`.execute(t.database.db);
    }
    expect(await storedRow(sha256)).toBeUndefined();
    expect(await chunkSizes(sha256)).toEqual([]);
    await expect(collect(files.stream(sha256))).rejects.toBeInstanceOf(NotFoundError);
  });

  it('stores nothing of a large file whose bytes cannot all be read', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'chaveiro-files-'));
    try {
      const path = join(dir, 'short.dll');
      await writeFile(path, dll(2 * MiB));
      const sha256 = 'f'.repeat(64);
      // Said to be 3 MiB: the last chunk's read fails after the first two were written.
      const queries = createFilesRepository(t.database.db).insertFromDiskIfAbsent({
        sha256,
        mime: 'application/octet-stream',
        size: 3 * MiB,
        path,
        createdAt: t.clock.now(),
      });

      await expect(t.database.runInBackground(queries, { transaction: true })).rejects.toThrow();

      expect(await storedRow(sha256)).toBeUndefined();
      expect(await chunkSizes(sha256)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
