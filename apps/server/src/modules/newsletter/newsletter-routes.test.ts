import { messages, newsletterMessages } from '@chaveiro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;

/** From an address of its own unless a test is about one caller's limit. */
function subscribe(payload: unknown, ip?: string) {
  return t.as(null, { ip }).post('/api/newsletter', payload as Record<string, unknown>);
}

async function rowsFor(email: string) {
  return t.database.db
    .selectFrom('newsletter_subscribers')
    .select(['email', 'created_at'])
    .where('email', '=', email)
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('POST /api/newsletter', () => {
  it('subscribes an address without a session and stores it once', async () => {
    const response = await subscribe({ email: 'leitora@example.com' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: newsletterMessages.subscribed });
    const rows = await rowsFor('leitora@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.created_at).toBe(t.clock.now());
  });

  it('answers the same success to a repeat without adding a row', async () => {
    await subscribe({ email: 'repetida@example.com' });

    const repeat = await subscribe({ email: 'repetida@example.com' });

    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual({ message: newsletterMessages.subscribed });
    expect(await rowsFor('repetida@example.com')).toHaveLength(1);
  });

  it('treats addresses that differ only in case and spaces as the same subscriber', async () => {
    await subscribe({ email: 'Maria.Silva@Example.COM' });

    const repeat = await subscribe({ email: '  maria.silva@example.com ' });

    expect(repeat.statusCode).toBe(200);
    expect(await rowsFor('maria.silva@example.com')).toHaveLength(1);
    expect(await rowsFor('Maria.Silva@Example.COM')).toHaveLength(0);
  });

  it('keeps one row when the same address arrives twice at once', async () => {
    const answers = await Promise.all([
      subscribe({ email: 'simultanea@example.com' }),
      subscribe({ email: 'simultanea@example.com' }),
    ]);

    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await rowsFor('simultanea@example.com')).toHaveLength(1);
  });

  it('rejects an invalid address with the pt-BR message', async () => {
    const response = await subscribe({ email: 'nao-e-um-email' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: messages.validation.emailInvalid,
      code: 'VALIDATION_ERROR',
    });
  });

  it('rejects a missing address and fields beyond the e-mail', async () => {
    const missing = await subscribe({});
    const extra = await subscribe({ email: 'extra@example.com', role: 'admin' });

    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(await rowsFor('extra@example.com')).toHaveLength(0);
  });

  it('limits one address to 5 sign-ups per hour with a pt-BR 429', async () => {
    const ip = '10.9.9.9';
    for (let index = 0; index < 5; index += 1) {
      const response = await subscribe({ email: `limite${String(index)}@example.com` }, ip);
      expect(response.statusCode).toBe(200);
    }

    const limited = await subscribe({ email: 'limite5@example.com' }, ip);

    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      message: messages.errors.tooManyRequests,
      code: 'TOO_MANY_REQUESTS',
    });
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await rowsFor('limite5@example.com')).toHaveLength(0);
    // Another caller is not affected.
    expect((await subscribe({ email: 'outra-origem@example.com' })).statusCode).toBe(200);
  });
});
