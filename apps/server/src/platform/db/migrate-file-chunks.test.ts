import { createHash, randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createFilesModule } from '../../modules/files/index.js';
import { systemClock } from '../core/clock.js';
import type { MigratedDatabase } from '../../testing/migrated-database.js';
import { databaseMigratedTo } from '../../testing/migrated-database.js';
import { migrateToLatest } from './migrate.js';

const MiB = 1024 * 1024;

/**
 * 2026120801_protected_delivery over files stored whole: those over 1 MiB are split into 1 MiB
 * chunks (their row keeps no bytes), so a download can stream them; smaller ones stay inline.
 */
describe('protected delivery migration over stored files', () => {
  let migrated: MigratedDatabase | undefined;
  afterAll(() => migrated?.close());

  it('splits a large file into 1 MiB chunks that join into the same bytes', async () => {
    migrated = await databaseMigratedTo('2026120702_product_status_mail');
    const { database, raw } = migrated;
    const stored = (bytes: Buffer) => ({
      sha256: createHash('sha256').update(bytes).digest('hex'),
      mime: 'application/octet-stream',
      size: bytes.length,
      bytes,
      created_at: Date.now(),
    });
    const large = stored(randomBytes(2.5 * MiB));
    const exactlyOneMiB = stored(randomBytes(MiB));
    const small = stored(randomBytes(1000));
    await raw.insertInto('files').values([large, exactlyOneMiB, small]).execute();

    await migrateToLatest(database);

    const chunks = await database.db
      .selectFrom('file_chunks')
      .select(['sha256', 'seq', 'bytes'])
      .orderBy('sha256')
      .orderBy('seq')
      .execute();
    expect(chunks.map((chunk) => [chunk.sha256, chunk.seq, chunk.bytes.length])).toEqual([
      [large.sha256, 0, MiB],
      [large.sha256, 1, MiB],
      [large.sha256, 2, MiB / 2],
    ]);
    expect(Buffer.concat(chunks.map((chunk) => chunk.bytes)).equals(large.bytes)).toBe(true);

    const row = async (sha256: string) =>
      database.db
        .selectFrom('files')
        .select(['size', 'bytes'])
        .where('sha256', '=', sha256)
        .executeTakeFirstOrThrow();
    const largeRow = await row(large.sha256);
    expect(Number(largeRow.size)).toBe(large.size);
    expect(largeRow.bytes.length).toBe(0);
    expect((await row(exactlyOneMiB.sha256)).bytes.equals(exactlyOneMiB.bytes)).toBe(true);
    expect((await row(small.sha256)).bytes.equals(small.bytes)).toBe(true);

    // The files module streams both kinds back, the split one a chunk at a time.
    const files = createFilesModule({ ...database, clock: systemClock }).services?.files;
    if (!files) throw new Error('The files module has no files service');
    const read = async (sha256: string) => {
      const pieces: Buffer[] = [];
      for await (const piece of files.stream(sha256)) pieces.push(piece);
      return pieces;
    };
    const pieces = await read(large.sha256);
    expect(Buffer.concat(pieces).equals(large.bytes)).toBe(true);
    expect(Buffer.concat(await read(small.sha256)).equals(small.bytes)).toBe(true);
    expect(pieces.map((piece) => piece.length)).toEqual([MiB, MiB, MiB / 2]);
  });
});
