import { chmod, mkdir, mkdtemp, readdir, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

describe('DATA_DIR privacy', () => {
  let t: TestApp | undefined;
  const umask = process.umask();
  afterEach(async () => {
    process.umask(umask);
    await t?.close();
    t = undefined;
  });

  /** Everything the server keeps in DATA_DIR once it has started and written a mail. */
  async function privatePaths(app: TestApp): Promise<string[]> {
    const { dataDir } = app.config;
    const outbox = join(dataDir, 'outbox');
    // The outbox receives this mail (no SMTP_URL in tests), in the background.
    await app.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: (await app.createUser()).email },
    });
    let mails: string[] = [];
    for (let tries = 0; mails.length === 0 && tries < 100; tries += 1) {
      await new Promise((done) => setTimeout(done, 20));
      mails = await readdir(outbox);
    }
    expect(mails).toHaveLength(1);
    const paths = [dataDir, join(dataDir, 'jwt-secret'), join(dataDir, 'loader-signing-key.pem')];
    paths.push(outbox, ...mails.map((name) => join(outbox, name)));
    if (app.database.dialect === 'sqlite') {
      const db = join(dataDir, 'chaveiro.db');
      paths.push(db, `${db}-wal`, `${db}-shm`);
    }
    return paths;
  }

  it('creates the database, its WAL and SHM, the secrets and the outbox for the owner only, whatever the umask', async () => {
    process.umask(0);
    const dataDir = join(await mkdtemp(join(tmpdir(), 'chaveiro-private-')), 'data');
    t = await createTestApp({ dataDir });

    for (const path of await privatePaths(t)) {
      expect({ path, mode: await modeOf(path) }).toEqual({
        path,
        mode: (await stat(path)).isDirectory() ? 0o700 : 0o600,
      });
    }
  });

  it('tightens a data folder, database and secrets an earlier start left readable by others', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'chaveiro-private-'));
    await chmod(dataDir, 0o755);
    await mkdir(join(dataDir, 'outbox'), { mode: 0o755 });
    await chmod(join(dataDir, 'outbox'), 0o755);
    const secret = join(dataDir, 'jwt-secret');
    await writeFile(secret, 'a-secret-that-is-at-least-32-characters-long');
    await chmod(secret, 0o644);
    const db = join(dataDir, 'chaveiro.db');
    for (const file of [db, `${db}-wal`, `${db}-shm`]) {
      await writeFile(file, '');
      await chmod(file, 0o644);
    }

    t = await createTestApp({ dataDir });

    for (const path of await privatePaths(t)) {
      expect({ path, mode: (await modeOf(path)) & 0o077 }).toEqual({ path, mode: 0 });
    }
  });
});

describe('createFileOnce', () => {
  it('writes a missing file owner-only, keeps an existing one, and leaves no temporary file', async () => {
    const { createFileOnce } = await import('./private-files.js');
    const dir = await mkdtemp(join(tmpdir(), 'chaveiro-once-'));
    const file = join(dir, 'secret');
    createFileOnce(file, 'first');
    createFileOnce(file, 'second');
    const { readFile } = await import('node:fs/promises');
    expect(await readFile(file, 'utf8')).toBe('first');
    expect(await modeOf(file)).toBe(0o600);
    expect(await readdir(dir)).toEqual(['secret']);
  });
});
