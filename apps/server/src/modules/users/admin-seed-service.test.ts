import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../../platform/db/database.js';
import { verifyPassword } from '../../platform/crypto/passwords.js';
import type { TestApp, TestAppOptions } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { createAdminSeedService } from './admin-seed-service.js';
import { createUsersRepository } from './users-repository.js';

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function setUp(env: TestAppOptions['env'] = {}) {
  const t = await createTestApp({ env });
  apps.push(t);
  const users = createUsersRepository(t.database.db);
  const service = createAdminSeedService({
    config: t.config,
    db: t.database.db,
    clock: t.clock,
    users,
  });
  const admins = () =>
    t.database.db.selectFrom('users').selectAll().where('role', '=', 'admin').execute();
  return { t, service, users, admins };
}

describe('admin seed', () => {
  it('creates exactly one verified, active admin from the environment', async () => {
    const { t, service, users, admins } = await setUp({
      ADMIN_USERNAME: 'Chefe',
      ADMIN_EMAIL: 'chefe@example.com',
      ADMIN_PASSWORD: 'senha-do-chefe',
    });

    const result = await service.seedAdmin();

    expect(result).toEqual({
      created: true,
      username: 'Chefe',
      email: 'chefe@example.com',
      generatedPassword: undefined,
    });
    const [admin, ...others] = await admins();
    expect(others).toHaveLength(0);
    expect(admin).toMatchObject({
      username: 'Chefe',
      username_lower: 'chefe',
      email: 'chefe@example.com',
      status: 'active',
      email_verified_at: t.clock.now(),
    });
    expect(admin?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(admin?.password_hash ?? '', 'senha-do-chefe')).toBe(true);
    expect(await verifyPassword(admin?.password_hash ?? '', 'outra-senha')).toBe(false);
    expect(await users.countAdmins()).toBe(1);
  });

  it('generates a strong password when the environment sets none', async () => {
    const { service, admins } = await setUp();

    const result = await service.seedAdmin();

    expect(result).toMatchObject({
      created: true,
      username: 'admin',
      email: 'admin@chaveiro.local',
    });
    const password = result.created ? result.generatedPassword : undefined;
    expect(password).toMatch(/^[A-Za-z0-9_-]{20}$/);
    const [admin] = await admins();
    expect(await verifyPassword(admin?.password_hash ?? '', password ?? '')).toBe(true);
  });

  it("derives the admin's email from a public domain name", async () => {
    const { service } = await setUp({ PUBLIC_URL: 'https://chaveiro.example.com' });
    expect(await service.seedAdmin()).toMatchObject({ email: 'admin@chaveiro.example.com' });
  });

  it('does nothing when an admin exists', async () => {
    const { t, service, admins } = await setUp({ ADMIN_USERNAME: 'novo' });
    const existing = await t.createUser({ role: 'admin' });

    expect(await service.seedAdmin()).toEqual({ created: false });
    expect(await service.seedAdmin()).toEqual({ created: false });
    expect((await admins()).map((admin) => admin.id)).toEqual([existing.id]);
  });

  it('refuses to reuse the name of an existing non-admin user', async () => {
    const { t, service, users } = await setUp({ ADMIN_USERNAME: 'maria' });
    await t.createUser({ username: 'Maria' });

    await expect(service.seedAdmin()).rejects.toThrow(/ADMIN_USERNAME/);
    expect(await users.countAdmins()).toBe(0);
  });
});

describe('admin seed on several nodes starting at once', () => {
  it('creates one admin and lets every node start, each on its own connection', async () => {
    const { t, admins } = await setUp({ ADMIN_PASSWORD: 'senha-do-admin-123' });
    const nodes = [0, 1, 2].map(() => createDatabase(t.config));
    try {
      const results = await Promise.all(
        nodes.map(({ db }) =>
          createAdminSeedService({
            config: t.config,
            db,
            clock: t.clock,
            users: createUsersRepository(db),
          }).seedAdmin(),
        ),
      );

      expect(results.filter((result) => result.created)).toHaveLength(1);
      expect(await admins()).toHaveLength(1);
    } finally {
      await Promise.all(nodes.map((node) => node.destroy()));
    }
  });
});
