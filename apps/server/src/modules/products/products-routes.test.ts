import { LIMITS, messages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../testing/multipart.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

const text = messages.admin;
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
});
afterAll(() => t.close());

interface Product {
  id: string;
  name: string;
  status: string;
  plans: Record<string, number>;
  file: { sha256: string; size: number; name: string; uploadedAt: string } | null;
}

async function listed(id: string): Promise<Product | undefined> {
  return (await t.as(admin).get('/api/products')).json<Product[]>().find((p) => p.id === id);
}

function upload(id: string, parts: Parameters<typeof multipartBody>[0]) {
  const { body, contentType } = multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/products/${id}/upload-dll`,
    headers: { ...admin.headers, 'content-type': contentType },
    payload: body,
  });
}

describe('product CRUD', () => {
  it('creates with plans in reais, edits replacing the plan set, lists', async () => {
    const created = await t.as(admin).post('/api/products', {
      name: '  Aimbot  ',
      description: 'Mira',
      plans: { daily: 5.9, monthly: 49.99, weekly: null },
    });
    expect(created.statusCode).toBe(201);
    const { product } = created.json<{ message: string; product: Product }>();
    expect(created.json()).toEqual({
      message: text.productCreated,
      product: {
        id: product.id,
        name: 'Aimbot',
        description: 'Mira',
        status: 'active',
        // Every product starts working, its customers' time frozen should it stop.
        operational: {
          status: 'operational',
          note: null,
          freezeTime: true,
          sellWhileDown: false,
          since: new Date(t.clock.now()).toISOString(),
        },
        plans: { daily: 5.9, monthly: 49.99 },
        resellerPlans: {},
        file: null,
        loader: null,
        // A new product delivers its file sealed to each loader session.
        protection: {
          protectedDelivery: true,
          offlineGraceHours: 0,
          loaderMinVersion: null,
          unknownLoaderPolicy: 'allow',
          securityRules: { debugger: 'record', hooked_api: 'record', self_check_failed: 'record' },
        },
        inUse: false,
      },
    });
    const timeline = await t.as(admin).get(`/api/products/${product.id}/status-history`);
    expect(timeline.json()).toMatchObject({
      items: [{ status: 'operational', endedAt: null, changedBy: null }],
    });
    const cents = await t.database.db
      .selectFrom('plans')
      .select(['duration_type', 'price_cents'])
      .where('product_id', '=', product.id)
      .orderBy('duration_type')
      .execute();
    expect(cents).toEqual([
      { duration_type: 'daily', price_cents: 590 },
      { duration_type: 'monthly', price_cents: 4999 },
    ]);

    const edited = await t.as(admin).put(`/api/products/${product.id}`, {
      name: 'Aimbot Pro',
      description: '',
      plans: { 'bi-weekly': 0, weekly: 19.1 },
    });
    expect(edited.json()).toMatchObject({
      message: text.productUpdated,
      product: { name: 'Aimbot Pro', plans: { 'bi-weekly': 0, weekly: 19.1 } },
    });
    expect(await listed(product.id)).toMatchObject({
      name: 'Aimbot Pro',
      plans: { 'bi-weekly': 0, weekly: 19.1 },
    });
    expect((await t.as(admin).put('/api/products/nao-existe', { name: 'x' })).statusCode).toBe(404);
  });

  it('answers the spec messages for a missing name and a bad price', async () => {
    const cases: [object, string][] = [
      [{ plans: {} }, messages.validation.productNameRequired],
      [{ name: '   ' }, messages.validation.productNameRequired],
      [{ name: 'x', plans: { daily: -1 } }, messages.validation.pricePositive],
      [{ name: 'x', plans: { daily: 1.234 } }, messages.validation.pricePositive],
      [{ name: 'x', plans: { daily: '5' } }, messages.validation.pricePositive],
      [{ name: 'x', plans: { daily: 1e300 } }, messages.validation.pricePositive],
    ];
    for (const [payload, message] of cases) {
      const response = await t.as(admin).post('/api/products', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
    }
    expect(
      (await t.as(admin).post('/api/products', { name: 'x', plans: { yearly: 1 } })).statusCode,
    ).toBe(400);
  });

  it('switches a product off and on', async () => {
    const product = await t.fixtures.product({ name: 'Chave' });
    const off = await t
      .as(admin)
      .patch(`/api/products/${product.id}/status`, { status: 'disabled' });
    expect(off.json()).toEqual({ message: text.productDisabled });
    expect(await listed(product.id)).toMatchObject({ status: 'disabled' });
    const on = await t.as(admin).patch(`/api/products/${product.id}/status`, { status: 'active' });
    expect(on.json()).toEqual({ message: text.productEnabled });
    expect(
      (await t.as(admin).patch(`/api/products/${product.id}/status`, { status: 'off' })).statusCode,
    ).toBe(400);
    expect(
      (await t.as(admin).patch('/api/products/nao-existe/status', { status: 'active' })).statusCode,
    ).toBe(404);
  });

  it('says in the list which products are in use, so the screen knows before a delete', async () => {
    const withSubscription = await t.fixtures.product({ name: 'Com assinatura' });
    const withUnusedKey = await t.fixtures.product({ name: 'Com chave livre' });
    const withUsedKeyOnly = await t.fixtures.product({ name: 'Só chave usada' });
    const withBannedKeyOnly = await t.fixtures.product({ name: 'Só chave banida' });
    const unused = await t.fixtures.product({ name: 'Livre' });
    const user = await t.createUser();
    await t.fixtures.subscription(user.id, withSubscription.id);
    await t.fixtures.key(withUnusedKey.id);
    await t.fixtures.key(withUsedKeyOnly.id, { status: 'used', redeemedBy: user.id });
    await t.fixtures.key(withBannedKeyOnly.id, { status: 'banned' });

    expect(await listed(withSubscription.id)).toMatchObject({ inUse: true });
    expect(await listed(withUnusedKey.id)).toMatchObject({ inUse: true });
    expect(await listed(withUsedKeyOnly.id)).toMatchObject({ inUse: false });
    expect(await listed(withBannedKeyOnly.id)).toMatchObject({ inUse: false });
    expect(await listed(unused.id)).toMatchObject({ inUse: false });

    // The flag agrees with the delete rule: in use is refused, the others go.
    expect((await t.as(admin).delete(`/api/products/${withUnusedKey.id}`)).statusCode).toBe(409);
    expect((await t.as(admin).delete(`/api/products/${withUsedKeyOnly.id}`)).statusCode).toBe(200);
    expect((await t.as(admin).delete(`/api/products/${unused.id}`)).statusCode).toBe(200);

    const edited = await t.as(admin).put(`/api/products/${withSubscription.id}`, {
      name: 'Com assinatura',
      description: '',
      plans: {},
    });
    expect(edited.json()).toMatchObject({ product: { inUse: true } });
  });

  it('refuses to delete a product in use unless cascade=true', async () => {
    const product = await t.fixtures.product({ name: 'Em uso' });
    const user = await t.createUser();
    await t.fixtures.subscription(user.id, product.id);
    await t.fixtures.key(product.id);
    await t.fixtures.key(product.id, { status: 'used', redeemedBy: user.id });

    const refused = await t.as(admin).delete(`/api/products/${product.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: text.productInUse(1, 1), code: 'PRODUCT_IN_USE' });
    expect(await listed(product.id)).toBeDefined();

    const cascaded = await t.as(admin).delete(`/api/products/${product.id}?cascade=true`);
    expect(cascaded.json()).toEqual({ message: text.productDeleted });
    expect(await listed(product.id)).toBeUndefined();
    const left = await t.database.db
      .selectFrom('license_keys')
      .select('id')
      .where('product_id', '=', product.id)
      .execute();
    expect(left).toEqual([]);
    expect((await t.as(admin).delete(`/api/products/${product.id}`)).statusCode).toBe(404);
    expect((await t.as(admin).delete(`/api/products/x?cascade=maybe`)).statusCode).toBe(400);

    const unused = await t.fixtures.product();
    expect((await t.as(admin).delete(`/api/products/${unused.id}`)).statusCode).toBe(200);
  });
});

describe('product DLL', () => {
  const dll = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4096, 7)]);

  it('stores an uploaded PE file and serves it back byte for byte under its name', async () => {
    const product = await t.fixtures.product({ name: 'Com DLL' });
    const response = await upload(product.id, [
      { name: 'dllFile', filename: 'cheat v1.dll', content: dll },
    ]);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ message: string; file: Product['file'] }>();
    expect(body).toEqual({
      message: text.dllUploaded,
      file: {
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/) as string,
        size: dll.length,
        name: 'cheat v1.dll',
        uploadedAt: new Date(t.clock.now()).toISOString(),
      },
    });
    expect((await listed(product.id))?.file).toEqual(body.file);

    const download = await t.as(admin).get(`/api/products/${product.id}/dll`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="cheat v1.dll"; filename*=UTF-8''cheat%20v1.dll`,
    );
    expect(Buffer.compare(download.rawPayload, dll)).toBe(0);
    // A DLL is not a public file.
    const sha = body.file?.sha256 ?? '';
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${sha}` })).statusCode).toBe(404);
  });

  it('refuses a non-PE file and an oversize one, keeping the previous DLL', async () => {
    const product = await t.fixtures.product();
    await upload(product.id, [{ name: 'dllFile', filename: 'a.dll', content: dll }]);
    const before = await listed(product.id);

    const notPe = await upload(product.id, [
      { name: 'dllFile', filename: 'b.dll', content: Buffer.from('not a dll') },
    ]);
    expect(notPe.statusCode).toBe(422);
    expect(notPe.json()).toEqual({ message: text.dllInvalid, code: 'INVALID_FILE' });

    const huge = Buffer.alloc(LIMITS.dllMaxBytes + 1, 0);
    huge.write('MZ');
    const tooBig = await upload(product.id, [
      { name: 'dllFile', filename: 'c.dll', content: huge },
    ]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ message: text.dllTooLarge, code: 'PAYLOAD_TOO_LARGE' });

    expect((await listed(product.id))?.file).toEqual(before?.file);
    const download = await t.as(admin).get(`/api/products/${product.id}/dll`);
    expect(Buffer.compare(download.rawPayload, dll)).toBe(0);
  });

  it('replaces the DLL and drops the old file once nothing uses it', async () => {
    const product = await t.fixtures.product();
    const other = await t.fixtures.product();
    const own = Buffer.concat([dll, Buffer.from('v1')]);
    const shared = Buffer.concat([dll, Buffer.from('shared')]);
    await upload(other.id, [{ name: 'dllFile', filename: 's.dll', content: shared }]);
    const first = await upload(product.id, [{ name: 'dllFile', filename: '1.dll', content: own }]);
    const firstSha = first.json<{ file: { sha256: string } }>().file.sha256;
    // Same bytes as another product's DLL: stored once, and kept while that product uses them.
    const second = await upload(product.id, [
      { name: 'dllFile', filename: '2.dll', content: shared },
    ]);
    const sharedSha = second.json<{ file: { sha256: string } }>().file.sha256;
    const files = await t.database.db
      .selectFrom('files')
      .select('sha256')
      .where('sha256', 'in', [firstSha, sharedSha])
      .execute();
    expect(files).toEqual([{ sha256: sharedSha }]);
    expect((await listed(product.id))?.file?.name).toBe('2.dll');
    await t.as(admin).delete(`/api/products/${other.id}`);
    expect((await t.as(admin).get(`/api/products/${product.id}/dll`)).rawPayload).toEqual(shared);
  });

  it('answers empty, wrongly named and non-multipart uploads with 400, unknown ids with 404', async () => {
    const product = await t.fixtures.product();
    const empty = await upload(product.id, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: text.dllRequired, code: 'BAD_REQUEST' });
    const zeroLength = await t.app.inject({
      method: 'POST',
      url: `/api/products/${product.id}/upload-dll`,
      headers: { ...admin.headers, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '',
    });
    expect(zeroLength.statusCode).toBe(400);
    const garbage = await t.app.inject({
      method: 'POST',
      url: `/api/products/${product.id}/upload-dll`,
      headers: { ...admin.headers, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nlixo',
    });
    expect(garbage.statusCode).toBe(400);
    const wrongField = await upload(product.id, [
      { name: 'arquivo', filename: 'x.dll', content: dll },
    ]);
    expect(wrongField.statusCode).toBe(400);
    const json = await t.as(admin).post(`/api/products/${product.id}/upload-dll`, { dllFile: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ message: text.multipartRequired, code: 'BAD_REQUEST' });
    const unknown = await upload('nao-existe', [
      { name: 'dllFile', filename: 'x.dll', content: dll },
    ]);
    expect(unknown.statusCode).toBe(404);
    const noFile = await t.as(admin).get(`/api/products/${product.id}/dll`);
    expect(noFile.json()).toEqual({ message: text.productFileMissing, code: 'NOT_FOUND' });
  });
});
