import {
  apiTokenMessages,
  labels,
  WEBHOOK_SIGNATURE_HEADER,
  webhookMessages,
} from '@chaveiro/contract';
import { createHmac } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver, type ReceivedRequest } from '../apps/server/src/testing/http-receiver.js';
import { apiCall, apiLogin, setupPoster } from './support/api.js';
import { seriousAxeViolations } from './support/axe.js';
import { DESKTOP, expectToast, launchBrowser, PHONE, screenshot } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const CLIENT = { username: 'cliente_hooks', email: 'hooks@exemplo.test', password: 'senha-hooks' };
const RESELLER = {
  username: 'loja_api',
  email: 'loja-api@exemplo.test',
  password: 'senha-loja-api',
};
const TOKEN_NAME = 'Loja virtual e2e';

/** A storefront's endpoint: records every delivery and answers 200 with a small JSON body. */
async function startStorefront() {
  const receiver = await startReceiver();
  receiver.setFallback({
    status: 200,
    headers: { 'Content-Type': 'application/json' },
    body: '{"ok":true,"loja":"recebido"}',
  });
  return {
    url: `${receiver.origin}/hooks/chaveiro`,
    received: receiver.requests,
    close: receiver.close,
  };
}

async function waitUntil(check: () => boolean, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** `Chaveiro-Signature: t=<unix>,v1=<hex HMAC-SHA256("t.body")>` made with `secret`. */
function signatureMatches(delivery: ReceivedRequest, secret: string): boolean {
  const header = delivery.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()];
  const parts = Object.fromEntries(
    String(header ?? '')
      .split(',')
      .map((part) => part.split('=', 2) as [string, string]),
  );
  if (!parts.t || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${delivery.body}`).digest('hex');
  return expected === parts.v1;
}

const isKeyRedeemed = (delivery: ReceivedRequest) => delivery.body.includes('"key.redeemed"');

let server: RunningServer;
let browser: Browser;
let receiver: Awaited<ReturnType<typeof startStorefront>>;
let admin: string;
let client: string;
let reseller: string;
let keyToRedeem: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser, receiver] = await Promise.all([
    // The receiver listens on 127.0.0.1, which the SSRF guard refuses unless told otherwise.
    startServer({ WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' }),
    launchBrowser(),
    startStorefront(),
  ]);
  admin = await apiLogin(server.url, server.admin.username, server.admin.password);
  const post = setupPoster(server.url, admin);
  const { product } = await post<{ product: { id: string } }>('/products', {
    name: 'Aimbot Pro',
    description: 'Aimbot Pro (teste)',
  });
  const { keys } = await post<{ keys: string[] }>('/keys', {
    productId: product.id,
    days: 30,
    quantity: 1,
  });
  keyToRedeem = keys[0]!;
  await post('/users', CLIENT);
  await post('/resellers', { type: 'new', ...RESELLER, initialBalance: 0 });
  client = await apiLogin(server.url, CLIENT.username, CLIENT.password);
  reseller = await apiLogin(server.url, RESELLER.username, RESELLER.password);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.close();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function openPage(
  viewport = DESKTOP,
  theme: 'light' | 'dark' = 'light',
  session = admin,
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await context.addInitScript(
    ([storedTheme, storedToken]) => {
      localStorage.setItem('chaveiro-theme', storedTheme);
      localStorage.setItem('authToken', storedToken);
    },
    [theme, session] as const,
  );
  return context.newPage();
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth);
  expect(overflow).toBe(false);
}

const products = (token: string) =>
  fetch(`${server.url}/api/v1/products`, { headers: { Authorization: `Bearer ${token}` } });

describe('seller automation', () => {
  it('creates an API token shown once, which works on /api/v1 until it is revoked', async () => {
    const page = await openPage();
    await page.goto(`${server.url}/admin/dashboard`);
    await page.getByRole('link', { name: labels.adminNav.apiTokens }).click();
    await page.waitForURL(`${server.url}/admin/api-tokens`);
    await page.getByText('Nenhum token criado ainda.').waitFor();

    await page.getByRole('button', { name: 'Criar token' }).click();
    const form = page.getByRole('dialog', { name: 'Criar token' });
    await form.getByLabel('Nome').fill(TOKEN_NAME);
    await form.getByRole('checkbox', { name: 'Ver produtos e planos' }).check();
    await form.getByLabel('Validade').selectOption({ label: '30 dias' });
    await form.getByRole('button', { name: 'Criar token' }).click();

    const shown = page.getByRole('dialog', { name: 'Token criado' });
    await shown.getByText(apiTokenMessages.created).waitFor();
    const token = await shown.getByLabel('Token', { exact: true }).inputValue();
    expect(token).toMatch(/^chv_live_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole('button', { name: 'Copiar' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await screenshot(page, 'seller-api-token-created-desktop-light');
    await shown.getByRole('button', { name: 'Já copiei, fechar' }).click();
    await shown.waitFor({ state: 'detached' });
    // Once closed, the page holds only the token's start.
    expect(await page.content()).not.toContain(token);

    const works = await products(token);
    expect(works.status).toBe(200);

    // Checked on a fresh load: a toast fading out is not what a user reads. The list now says
    // when and from where the token was last used.
    await page.reload();
    const row = page.getByRole('row', { name: new RegExp(TOKEN_NAME) });
    await row.getByText('Ativo').waitFor();
    await row.getByText(token.slice(0, 15)).waitFor();
    await row.getByText('IP 127.0.0.1').waitFor();
    const docs = page.getByRole('link', { name: /Ver a documentação da API/ });
    const docsUrl = new URL((await docs.getAttribute('href'))!, server.url);
    expect((await fetch(docsUrl)).status).toBe(200);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'seller-api-tokens-desktop-light');

    await row.getByRole('button', { name: `Revogar o token ${TOKEN_NAME}` }).click();
    await page
      .getByRole('alertdialog', { name: 'Revogar token?' })
      .getByRole('button', { name: 'Revogar token' })
      .click();
    await expectToast(page, apiTokenMessages.revoked);
    await row.getByText('Revogado', { exact: true }).waitFor();

    const refused = await products(token);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toBe(apiTokenMessages.invalid);
  });

  it('delivers a redeemed key to a registered endpoint, logs it and resends it', async () => {
    const page = await openPage();
    await page.goto(`${server.url}/admin/webhooks`);
    await page.getByRole('button', { name: 'Adicionar endpoint' }).click();
    const form = page.getByRole('dialog', { name: 'Adicionar endpoint' });
    await form.getByLabel('URL').fill(receiver.url);
    await form.getByLabel('Descrição (opcional)').fill('Loja de teste');
    await form.getByRole('checkbox', { name: 'Chave resgatada' }).check();
    await form.getByRole('button', { name: 'Adicionar endpoint' }).click();

    const created = page.getByRole('dialog', { name: 'Endpoint criado' });
    await created.getByText(webhookMessages.created).first().waitFor();
    const secret = await created.getByLabel('Segredo de assinatura').inputValue();
    expect(secret.startsWith('whsec_')).toBe(true);
    await created.getByRole('button', { name: 'Já guardei, fechar' }).click();
    await created.waitFor({ state: 'detached' });

    // A customer redeems a key: the endpoint hears it, signed with its secret.
    const redeem = await apiCall(server.url, 'POST', '/client/redeem-key', {
      token: client,
      body: { keyValue: keyToRedeem },
    });
    expect(redeem.status).toBe(200);
    await waitUntil(() => receiver.received.some(isKeyRedeemed), 'the key.redeemed delivery');
    const first = receiver.received.find(isKeyRedeemed)!;
    expect(signatureMatches(first, secret)).toBe(true);

    await page.getByRole('link', { name: `Ver entregas de ${receiver.url}` }).click();
    await page.getByRole('heading', { name: receiver.url }).waitFor();
    // A fresh load, without the creation's toast, for the accessibility check below.
    await page.reload();
    const delivery = page.getByRole('row', { name: /Chave resgatada/ }).first();
    await delivery.getByText('Entregue').waitFor({ timeout: 15_000 });
    await delivery.getByText('200', { exact: true }).waitFor();
    await delivery.getByRole('button', { name: /Detalhes da entrega de Chave resgatada/ }).click();
    await page.getByText('{"ok":true,"loja":"recebido"}').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'seller-webhook-deliveries-desktop-light');

    const before = receiver.received.filter(isKeyRedeemed).length;
    await delivery.getByRole('button', { name: /^Reenviar Chave resgatada/ }).click();
    await expectToast(page, webhookMessages.resent);
    await waitUntil(
      () => receiver.received.filter(isKeyRedeemed).length > before,
      'the resent key.redeemed delivery',
    );
    await delivery.getByText('Entregue').waitFor({ timeout: 15_000 });
    const again = receiver.received.filter(isKeyRedeemed).at(-1)!;
    expect(signatureMatches(again, secret)).toBe(true);
    // The same event, for the receiver to deduplicate.
    expect(JSON.parse(again.body)).toMatchObject({
      id: (JSON.parse(first.body) as { id: string }).id,
    });

    // "Enviar teste" reaches the receiver as `webhook.test` and shows in the log.
    await page.getByRole('button', { name: 'Enviar teste' }).click();
    await expectToast(page, webhookMessages.testSent);
    await waitUntil(
      () => receiver.received.some((d) => d.body.includes('"webhook.test"')),
      'the test delivery',
    );
    await page
      .getByRole('row', { name: /Teste de webhook/ })
      .getByText('Entregue')
      .waitFor({ timeout: 15_000 });

    // Switched off, the endpoint hears nothing: the server says so and keeps it off.
    await page.getByRole('switch', { name: 'Ativo' }).click();
    await expectToast(page, webhookMessages.updated);
    const { data } = await apiCall<{ items: { url: string; enabled: boolean }[] }>(
      server.url,
      'GET',
      '/admin/webhooks',
      { token: admin },
    );
    expect(data.items).toEqual([expect.objectContaining({ url: receiver.url, enabled: false })]);

    await page.getByRole('link', { name: 'Voltar aos webhooks' }).click();
    await page.waitForURL(`${server.url}/admin/webhooks`);
    await page.reload();
    const listed = page.getByRole('row', { name: new RegExp(receiver.url) });
    await listed.getByText('Entregue').waitFor();
    expect(await listed.getByRole('switch').isChecked()).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'seller-webhooks-desktop-light');
  });

  it("gives a reseller tokens limited to the reseller's scopes", async () => {
    const page = await openPage(DESKTOP, 'light', reseller);
    await page.goto(`${server.url}/reseller/dashboard`);
    await page.getByRole('link', { name: labels.customerNav.apiTokens }).click();
    await page.waitForURL(`${server.url}/reseller/dashboard/api-tokens`);
    await page.getByRole('button', { name: 'Criar token' }).click();
    const form = page.getByRole('dialog', { name: 'Criar token' });
    expect(await form.getByRole('checkbox').count()).toBe(3);
    await form.getByLabel('Nome').fill('Bot da revenda');
    await form.getByRole('button', { name: 'Selecionar todas' }).click();
    await form.getByRole('button', { name: 'Criar token' }).click();
    const shown = page.getByRole('dialog', { name: 'Token criado' });
    const token = await shown.getByLabel('Token', { exact: true }).inputValue();
    await shown.getByRole('button', { name: 'Já copiei, fechar' }).click();
    expect((await products(token)).status).toBe(200);
    // Only the reseller's own tokens are listed: not the admin's.
    await page.reload();
    await page.getByRole('row', { name: /Bot da revenda/ }).waitFor();
    expect(await page.getByText(TOKEN_NAME).count()).toBe(0);
  });

  it('is usable on a phone in dark mode', async () => {
    const page = await openPage(PHONE, 'dark');
    await page.goto(`${server.url}/admin/webhooks`);
    await page.getByText(receiver.url).first().waitFor();
    await noSidewaysScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'seller-webhooks-phone-dark');

    await page.getByRole('link', { name: `Ver entregas de ${receiver.url}` }).click();
    await page.getByText('Entregue').first().waitFor();
    await noSidewaysScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'seller-webhook-deliveries-phone-dark');

    await page.goto(`${server.url}/admin/api-tokens`);
    await page.getByText(TOKEN_NAME).first().waitFor();
    await noSidewaysScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'seller-api-tokens-phone-dark');
  });
});
