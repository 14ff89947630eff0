import type {
  DeliveriesPage,
  LeakTraceResult,
  LoaderAuthSuccess,
  WebhookSecretResponse,
} from '@chaveiro/contract';
import { PROTECTION_LIMITS, protectionMessages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../testing/multipart.js';
import type { Receiver } from '../../testing/http-receiver.js';
import { startReceiver } from '../../testing/http-receiver.js';
import type { TestApp, TestUser } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import {
  loaderClient,
  newHwid,
  newSessionKeys,
  openSealed,
  peFile,
} from './testing/delivery-client.js';
import { uploadDll } from '../../testing/product-files.js';

const t_ = protectionMessages;
let t: TestApp;
let receiver: Receiver;
let admin: TestUser;
let loader: Awaited<ReturnType<typeof loaderClient>>;

beforeAll(async () => {
  receiver = await startReceiver();
  t = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' } });
  admin = await t.createUser({ role: 'admin' });
  loader = await loaderClient(t);
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

/** A product with a DLL, and a customer's session that downloaded its copy (sealed). */
async function deliveredCopy(dll = peFile(40_000), slotAt?: number) {
  const account = await t.createUser();
  const product = await t.fixtures.product();
  await t.fixtures.subscription(account.id, product.id, { maxDevices: 2 });
  await uploadDll(t, admin, product.id, dll);
  const keys = newSessionKeys();
  const hwid = newHwid();
  const answer = await loader.auth(
    {
      productId: product.id,
      hwid,
      identifier: account.username,
      password: account.password,
      sessionKey: keys.base64,
    },
    '203.0.113.5',
  );
  const session = answer.data as LoaderAuthSuccess;
  if (!session.file) throw new Error('no file');
  const download = await loader.download(session.session, '203.0.113.6');
  const copy = openSealed(download.rawPayload, keys, session.file.size);
  const machine = await t.database.db
    .selectFrom('machines')
    .select('id')
    .where('hwid', '=', hwid)
    .executeTakeFirstOrThrow();
  return {
    account,
    product,
    hwid,
    machineId: machine.id,
    delivery: session.file.delivery,
    copy,
    markAt: slotAt ?? dll.length,
  };
}

function trace(file: Buffer | undefined, as: TestUser = admin, productId?: string) {
  const { body, contentType } = multipartBody([
    ...(productId ? [{ name: 'productId', content: productId }] : []),
    ...(file ? [{ name: 'leakedFile', filename: 'vazado.dll', content: file }] : []),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/deliveries/trace',
    headers: { ...as.headers, 'content-type': contentType },
    payload: body,
  });
}

async function traced(file: Buffer, productId?: string): Promise<LeakTraceResult> {
  const response = await trace(file, admin, productId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LeakTraceResult>();
}

function withByte(bytes: Buffer, at: number): Buffer {
  const edited = Buffer.from(bytes);
  edited[at] = (edited[at] ?? 0) ^ 0xff;
  return edited;
}

describe('POST /api/deliveries/trace', () => {
  it("names session A's customer, machine, address and time for A's copy, with an audit line and the delivery.leaked webhook", async () => {
    const created = await t.as(admin).post('/api/admin/webhooks', {
      url: `${receiver.origin}/hook`,
      events: ['delivery.leaked'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const endpoint = created.json<WebhookSecretResponse>().endpoint;
    const a = await deliveredCopy();
    await deliveredCopy(); // another customer's copy of another product

    const result = await traced(a.copy, a.product.id);

    expect(result).toEqual({
      verdict: 'identical',
      message: t_.leakVerdicts.identical,
      delivery: {
        id: a.delivery,
        productId: a.product.id,
        productName: a.product.name,
        user: { id: a.account.id, username: a.account.username },
        username: a.account.username,
        subscriptionId: expect.any(String) as string,
        machineId: a.machineId,
        hwid: a.hwid,
        ip: '203.0.113.5',
        markKind: 'trailer',
        protected: true,
        markedSha256: expect.stringMatching(/^[0-9a-f]{64}$/) as string,
        createdAt: new Date(t.clock.now()).toISOString(),
        downloadedAt: new Date(t.clock.now()).toISOString(),
        downloadIp: '203.0.113.6',
        downloads: 1,
      },
      sha256: result.delivery?.markedSha256,
      size: a.copy.length,
      marksFound: 1,
    });
    expect(await t.lastActivity()).toBe(t_.logLeakTraced(a.product.name, a.account.username));

    await t.app.outbox.idle();
    await t.app.jobs.webhookDispatcher.runOnce();
    const sent = receiver.requests.map((request) => JSON.parse(request.body) as { type: string });
    expect(sent).toEqual([
      expect.objectContaining({
        type: 'delivery.leaked',
        data: {
          delivery: { id: a.delivery, deliveredAt: new Date(t.clock.now()).toISOString() },
          verdict: 'identical',
          user: { id: a.account.id, username: a.account.username, email: a.account.email },
          product: { id: a.product.id, name: a.product.name },
          subscription: {
            id: result.delivery?.subscriptionId,
            expiresAt: expect.any(String) as string,
          },
          machineId: a.machineId,
          hwid: a.hwid,
          ip: '203.0.113.5',
          tracedBy: { id: admin.id, username: admin.username },
        },
      }),
    ]);
    await t.as(admin).delete(`/api/admin/webhooks/${endpoint.id}`);
  });

  it('still names the delivery by its intact mark when a byte elsewhere was changed', async () => {
    const a = await deliveredCopy();

    const result = await traced(withByte(a.copy, 100));

    expect(result.verdict).toBe('mark_intact');
    expect(result.message).toBe(t_.leakVerdicts.mark_intact);
    expect(result.delivery).toMatchObject({ id: a.delivery, machineId: a.machineId });
  });

  it('finds a mark written in the slot, and says when the copy is of another product', async () => {
    const slotAt = 30_000;
    const a = await deliveredCopy(peFile(60_000, slotAt), slotAt);
    const other = await t.fixtures.product({ name: 'Outro produto' });

    const result = await traced(withByte(a.copy, 70), other.id);

    expect(result.verdict).toBe('mark_intact');
    expect(result.delivery).toMatchObject({ id: a.delivery, markKind: 'slot' });
    expect(result.message).toBe(
      `${t_.leakVerdicts.mark_intact} ${t_.leakOtherProduct(a.product.name)}`,
    );
  });

  it("reads a mark that straddles two of the upload's pieces", async () => {
    const size = 1024 * 1024 - 30;
    const a = await deliveredCopy(peFile(size));

    const result = await traced(withByte(a.copy, 500));

    expect(result).toMatchObject({ verdict: 'mark_intact', marksFound: 1 });
    expect(result.delivery?.id).toBe(a.delivery);
  });

  it('says a copy whose mark was edited was altered, and names nobody', async () => {
    const a = await deliveredCopy();
    const before = await t.lastActivity();

    for (const at of [a.markAt + 8, a.markAt + 20, a.markAt + 40, a.markAt + 63]) {
      const result = await traced(withByte(a.copy, at));
      expect(result).toMatchObject({
        verdict: 'altered',
        message: t_.leakVerdicts.altered,
        delivery: null,
        marksFound: 1,
      });
    }
    expect(await t.lastActivity()).toBe(before);
  });

  it('says a file without a mark is unmarked', async () => {
    const file = peFile(20_000);

    expect(await traced(file)).toEqual({
      verdict: 'unmarked',
      message: t_.leakVerdicts.unmarked,
      delivery: null,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/) as string,
      size: file.length,
      marksFound: 0,
    });
  });

  it('takes a copy of a 64 MB DLL with its mark after it, and no byte more', async () => {
    const largest = Buffer.alloc(PROTECTION_LIMITS.leakedFileMaxBytes, 0x4d);

    const fits = await trace(largest);
    expect(fits.statusCode, fits.body).toBe(200);
    expect(fits.json<LeakTraceResult>()).toMatchObject({
      verdict: 'unmarked',
      size: largest.length,
    });
    const tooLarge = await trace(Buffer.concat([largest, Buffer.from([0])]));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ message: t_.leakFileTooLarge });
  });

  it('is for admins only, and asks for the file in pt-BR', async () => {
    const customer = await t.createUser();
    const file = peFile(1_000);

    expect((await trace(file, customer)).statusCode).toBe(403);
    const reseller = await t.createUser({ role: 'reseller' });
    expect((await trace(file, reseller)).statusCode).toBe(403);
    const missing = await trace(undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: t_.leakFileRequired });
  });
});

describe('GET /api/deliveries', () => {
  it("lists a product's and a customer's deliveries, newest first, searchable, admins only", async () => {
    const a = await deliveredCopy();
    t.clock.advance(1000);
    // A second delivery of the same product to another customer.
    const other = await t.createUser();
    await t.fixtures.subscription(other.id, a.product.id, {});
    await loader.auth({
      productId: a.product.id,
      hwid: newHwid(),
      identifier: other.username,
      password: other.password,
    });

    const byProduct = await t.as(admin).get(`/api/deliveries?productId=${a.product.id}`);
    expect(byProduct.statusCode).toBe(200);
    const page = byProduct.json<DeliveriesPage>();
    expect(page.total).toBe(2);
    expect(page.items.map((item) => item.username)).toEqual([other.username, a.account.username]);
    expect(page.items[1]).toMatchObject({ id: a.delivery, downloads: 1, protected: true });
    expect(page.items[0]).toMatchObject({ protected: false, downloadedAt: null, downloads: 0 });

    const byUser = (
      await t.as(admin).get(`/api/deliveries?userId=${a.account.id}`)
    ).json<DeliveriesPage>();
    expect(byUser.items.map((item) => item.id)).toEqual([a.delivery]);
    const searched = (
      await t.as(admin).get(`/api/deliveries?q=${encodeURIComponent(a.hwid)}`)
    ).json<DeliveriesPage>();
    expect(searched.items.map((item) => item.id)).toEqual([a.delivery]);
    const paged = (
      await t.as(admin).get(`/api/deliveries?productId=${a.product.id}&page=2&pageSize=1`)
    ).json<DeliveriesPage>();
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.items.map((item) => item.id)).toEqual([a.delivery]);

    expect((await t.as(a.account).get('/api/deliveries')).statusCode).toBe(403);
    expect((await t.anonymous.get('/api/deliveries')).statusCode).toBe(401);
  });
});
