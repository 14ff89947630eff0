import { createHash } from 'node:crypto';
import type { LoaderRelease, ProductProtection } from '@chaveiro/contract';
import { LIMITS, messages, protectionMessages as text } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { peFile, uploadLoader } from '../../testing/product-files.js';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
});
afterAll(() => t.close());

const defaults: ProductProtection = {
  protectedDelivery: false,
  offlineGraceHours: 0,
  loaderMinVersion: null,
  unknownLoaderPolicy: 'allow',
  securityRules: { debugger: 'record', hooked_api: 'record', self_check_failed: 'record' },
};

async function releasesOf(productId: string): Promise<LoaderRelease[]> {
  const response = await t.as(admin).get(`/api/products/${productId}/loader-releases`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: LoaderRelease[] }>().items;
}

async function lastActivity(target: string): Promise<{ type: string; action: string }> {
  const row = await t.database.db
    .selectFrom('activity')
    .select(['type', 'action'])
    .where('target', '=', target)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row;
}

describe("a product's protection", () => {
  it('reads as the defaults for a product made before protected delivery', async () => {
    const product = await t.fixtures.product();
    const response = await t.as(admin).get(`/api/products/${product.id}/protection`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ protection: defaults });
  });

  it('saves any subset, each security rule on its own, with an audit line', async () => {
    const product = await t.fixtures.product({ name: 'Radar' });
    const url = `/api/products/${product.id}/protection`;
    const first = await t.as(admin).patch(url, {
      protectedDelivery: true,
      offlineGraceHours: 48,
      loaderMinVersion: ' 2.4.0 ',
      securityRules: { debugger: 'ban_account' },
    });
    expect(first.statusCode, first.body).toBe(200);
    const saved: ProductProtection = {
      protectedDelivery: true,
      offlineGraceHours: 48,
      loaderMinVersion: '2.4.0',
      unknownLoaderPolicy: 'allow',
      securityRules: { debugger: 'ban_account', hooked_api: 'record', self_check_failed: 'record' },
    };
    expect(first.json()).toEqual({ message: text.saved, protection: saved });
    expect(await lastActivity(`product:${product.id}`)).toEqual({
      type: 'product.protection_changed',
      action: text.logChanged('Radar'),
    });

    const second = await t.as(admin).patch(url, {
      unknownLoaderPolicy: 'refuse',
      loaderMinVersion: null,
      securityRules: { hooked_api: 'end_session' },
    });
    const { protection } = second.json<{ protection: ProductProtection }>();
    expect(protection).toEqual({
      ...saved,
      loaderMinVersion: null,
      unknownLoaderPolicy: 'refuse',
      securityRules: { ...saved.securityRules, hooked_api: 'end_session' },
    });
    // As the console and the loader read it back.
    expect((await t.as(admin).get(url)).json()).toEqual({ protection });
    const listed = (await t.as(admin).get('/api/products')).json<
      { id: string; protection: ProductProtection }[]
    >();
    expect(listed.find((p) => p.id === product.id)?.protection).toEqual(protection);
  });

  it.each([
    ['an offline grace over 720 hours', { offlineGraceHours: 721 }, text.graceInvalid],
    ['a negative offline grace', { offlineGraceHours: -1 }, text.graceInvalid],
    ['a fractional offline grace', { offlineGraceHours: 1.5 }, text.graceInvalid],
    ['a version with a space', { loaderMinVersion: '2 .4' }, text.minVersionInvalid],
    [
      'a version too long',
      { loaderMinVersion: '1'.repeat(LIMITS.loaderVersionMax + 1) },
      text.minVersionInvalid,
    ],
  ])('refuses %s in pt-BR', async (_what, body, message) => {
    const product = await t.fixtures.product();
    const response = await t.as(admin).patch(`/api/products/${product.id}/protection`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(message);
  });

  it.each([
    ['an unknown policy', { unknownLoaderPolicy: 'ignore' }],
    ['an unknown action', { securityRules: { debugger: 'explode' } }],
    ['an unknown signal', { securityRules: { keylogger: 'record' } }],
    ['an unknown field', { sealed: true }],
  ])('refuses %s with a 400', async (_what, body) => {
    const product = await t.fixtures.product();
    const response = await t.as(admin).patch(`/api/products/${product.id}/protection`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toEqual(expect.any(String));
  });

  it('is the admin’s alone, and 404 for an unknown product', async () => {
    const product = await t.fixtures.product();
    const client = await t.createUser();
    const url = `/api/products/${product.id}/protection`;
    expect((await t.as(client).get(url)).statusCode).toBe(403);
    expect((await t.as(client).patch(url, { offlineGraceHours: 1 })).statusCode).toBe(403);
    expect((await t.anonymous.get(url)).statusCode).toBe(401);
    const unknown = await t.as(admin).patch('/api/products/nope/protection', {
      offlineGraceHours: 1,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: messages.admin.productNotFound });
    expect((await t.as(admin).get('/api/products/nope/protection')).statusCode).toBe(404);
  });
});

describe("a product's loader releases", () => {
  it('publishes every loader upload, the same file once, the current one flagged', async () => {
    const product = await t.fixtures.product({ name: 'Radar' });
    const first = peFile(0x50);
    const second = peFile(0x50);
    await uploadLoader(t, admin, product.id, first, '1.0.0');
    t.clock.advance(1_000);
    await uploadLoader(t, admin, product.id, second, '1.1.0');
    t.clock.advance(1_000);
    // The first file again, under another version: still one release, now current.
    await uploadLoader(t, admin, product.id, first, '1.0.1');

    const releases = await releasesOf(product.id);
    expect(releases).toEqual([
      {
        id: expect.any(String) as string,
        version: '1.0.1',
        sha256: sha256Of(first),
        name: 'loader-1.0.1.exe',
        size: first.length,
        uploadedAt: new Date(t.clock.now()).toISOString(),
        current: true,
      },
      {
        id: expect.any(String) as string,
        version: '1.1.0',
        sha256: sha256Of(second),
        name: 'loader-1.1.0.exe',
        size: second.length,
        uploadedAt: new Date(t.clock.now() - 1_000).toISOString(),
        current: false,
      },
    ]);

    const removed = await t
      .as(admin)
      .delete(`/api/products/${product.id}/loader-releases/${releases[1]!.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: text.releaseRemoved });
    expect((await releasesOf(product.id)).map((r) => r.version)).toEqual(['1.0.1']);
    expect(await lastActivity(`product:${product.id}`)).toEqual({
      type: 'product.loader_release_removed',
      action: text.logReleaseRemoved('Radar', '1.1.0'),
    });

    const again = await t
      .as(admin)
      .delete(`/api/products/${product.id}/loader-releases/${releases[1]!.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: text.releaseNotFound });
  });

  it('keeps each product’s releases its own, and is the admin’s alone', async () => {
    const product = await t.fixtures.product();
    const other = await t.fixtures.product();
    await uploadLoader(t, admin, product.id, peFile(0x50), '3.0');
    const [release] = await releasesOf(product.id);
    expect(await releasesOf(other.id)).toEqual([]);
    // Another product's id does not reach this one's release.
    expect(
      (await t.as(admin).delete(`/api/products/${other.id}/loader-releases/${release!.id}`))
        .statusCode,
    ).toBe(404);
    const client = await t.createUser();
    expect((await t.as(client).get(`/api/products/${product.id}/loader-releases`)).statusCode).toBe(
      403,
    );
    expect(
      (await t.as(client).delete(`/api/products/${product.id}/loader-releases/${release!.id}`))
        .statusCode,
    ).toBe(403);
    expect((await t.as(admin).get('/api/products/nope/loader-releases')).statusCode).toBe(404);
    expect(await releasesOf(product.id)).toHaveLength(1);
  });
});

function sha256Of(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}
