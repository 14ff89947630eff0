import { createHmac, randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/**
 * An in-test Mercado Pago: a real HTTP server on 127.0.0.1 implementing the part of the
 * Payments API the deposits module uses, with the documented shapes. It follows:
 *
 * - "Create payment" (`POST /v1/payments`, developers/en/reference/payments/_payments/post):
 *   the PIX request example (`transaction_amount`, `description`, `payment_method_id: "pix"`,
 *   `payer.email`, `external_reference`, `notification_url`, `date_of_expiration`), the
 *   `X-Idempotency-Key` header (same key → the same payment back) and the response example:
 *   numeric `id`, `status: "pending"`, `status_detail: "pending_waiting_transfer"`,
 *   `point_of_interaction.transaction_data.{qr_code, qr_code_base64, ticket_url}`.
 * - "Get payment" (`GET /v1/payments/{id}`): the same payment object; 404
 *   `{ message: "Payment not found", error: "not_found", status: 404 }` for an unknown id.
 * - "Update payment" (`PUT /v1/payments/{id}` with `{ status: "cancelled" }`): only a pending
 *   payment can be cancelled (`status_detail: "by_collector"`).
 * - "Create refund" (`POST /v1/payments/{id}/refunds`): the refund object (`id`, `payment_id`,
 *   `amount`, `status: "approved"`); the payment becomes `refunded` / `status_detail: "refunded"`.
 * - Webhooks ("Notifications > Webhooks", "Validate notification origin"): a `POST` to the
 *   `notification_url` with `?data.id=<id>&type=payment`, the body
 *   `{ action: "payment.updated", api_version: "v1", data: { id }, type: "payment", … }` and the
 *   headers `x-request-id` and `x-signature: ts=<seconds>,v1=<hex>` where v1 is the HMAC-SHA256
 *   (key: the webhook secret) of `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`.
 *
 * Every request must carry `Authorization: Bearer <token>` (401 otherwise, as the API answers).
 * `down()` answers 503 to everything, `garbage()` answers 200 with a body that is not JSON,
 * `hang()` never answers (for timeouts); `healthy()` restores normal service.
 *
 * CLI (for the browser journey): `node --import tsx apps/server/src/testing/fake-mercadopago.ts
 * --port 4010` prints the base URL; the control endpoints `POST /_test/approve/{id}`,
 * `/_test/refund/{id}` and `/_test/webhook/{id}` (body `{ url, secret }`) drive it.
 */

export interface FakePayer {
  email: string;
  first_name: string | null;
  last_name: string | null;
  identification: { type: string | null; number: string | null };
}

export interface FakePayment {
  id: number;
  status: 'pending' | 'approved' | 'cancelled' | 'rejected' | 'refunded' | 'charged_back';
  status_detail: string;
  transaction_amount: number;
  /** `BRL` as created; a test may make the payer's payment another currency. */
  currency_id: string;
  description: string | null;
  payment_method_id: 'pix';
  payment_type_id: 'bank_transfer';
  external_reference: string | null;
  notification_url: string | null;
  date_created: string;
  date_approved: string | null;
  date_last_updated: string;
  date_of_expiration: string | null;
  payer: FakePayer;
  point_of_interaction: {
    type: 'PIX';
    transaction_data: { qr_code: string; qr_code_base64: string; ticket_url: string };
  };
  transaction_details: { total_paid_amount: number; net_received_amount: number };
}

export type FakeMode = 'healthy' | 'down' | 'garbage' | 'hang';

export interface FakeMercadoPago {
  /** `http://127.0.0.1:<port>`, for MERCADOPAGO_API_URL. */
  url: string;
  /** Every payment created, by id. */
  payments: Map<number, FakePayment>;
  /** Requests received (method, path, headers, body), oldest first. */
  requests: { method: string; path: string; headers: IncomingMessage['headers']; body: unknown }[];
  /** Access tokens accepted; any non-empty token when empty. */
  tokens: Set<string>;
  /**
   * The payer approves it: status approved, `transaction_amount` = `amount` and `currency_id` =
   * `currency` when given.
   */
  approve(
    id: number,
    options?: { amount?: number; externalReference?: string; currency?: string },
  ): FakePayment;
  refund(id: number): FakePayment;
  chargeback(id: number): FakePayment;
  reject(id: number): FakePayment;
  /** Expires it the way MP does after `date_of_expiration`: `cancelled` / `expired`. */
  expire(id: number): FakePayment;
  /** Posts a signed notification for payment `id` to `url`, as MP does; answers the status. */
  sendWebhook(
    url: string,
    secret: string,
    id: number | string,
    options?: { requestId?: string; ts?: number; signature?: string },
  ): Promise<{ status: number; body: string; requestId: string }>;
  down(): void;
  garbage(): void;
  hang(): void;
  healthy(): void;
  close(): Promise<void>;
}

/** The `x-signature` header MP sends: `ts=<seconds>,v1=<HMAC-SHA256 of the manifest>`. */
export function signMercadoPago(
  secret: string,
  dataId: string,
  requestId: string,
  ts: number,
): string {
  const id = /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId;
  const manifest = `id:${id};request-id:${requestId};ts:${String(ts)};`;
  const v1 = createHmac('sha256', secret).update(manifest).digest('hex');
  return `ts=${String(ts)},v1=${v1}`;
}

/** A tiny transparent PNG: MP sends the QR as base64 PNG; the content does not matter here. */
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export async function startFakeMercadoPago(
  options: { port?: number; now?: () => number } = {},
): Promise<FakeMercadoPago> {
  const now = options.now ?? (() => Date.now());
  const payments = new Map<number, FakePayment>();
  const byIdempotencyKey = new Map<string, number>();
  const requests: FakeMercadoPago['requests'] = [];
  const tokens = new Set<string>();
  let nextId = 1_320_000_001;
  let mode: FakeMode = 'healthy';
  const hanging = new Set<ServerResponse>();

  function payment(id: number): FakePayment {
    const found = payments.get(id);
    if (!found) throw new Error(`fake Mercado Pago: no payment ${String(id)}`);
    return found;
  }

  function touch(p: FakePayment, status: FakePayment['status'], detail: string): FakePayment {
    p.status = status;
    p.status_detail = detail;
    p.date_last_updated = new Date(now()).toISOString();
    return p;
  }

  function create(body: Record<string, unknown>, key: string | undefined): FakePayment | string {
    if (key && byIdempotencyKey.has(key)) return payment(byIdempotencyKey.get(key)!);
    const amount = body.transaction_amount;
    if (typeof amount !== 'number' || !(amount > 0)) return 'transaction_amount is required';
    if (body.payment_method_id !== 'pix') return 'payment_method_id must be pix';
    const payer = body.payer as { email?: unknown } | undefined;
    if (!payer || typeof payer.email !== 'string') return 'payer.email is required';
    const id = nextId;
    nextId += 1;
    const created = new Date(now()).toISOString();
    const qr =
      `00020126580014br.gov.bcb.pix0136b76aa9c2-2ec4-4110-954e-ebfe34f05b615204000053039865` +
      `4${String(amount.toFixed(2).length).padStart(2, '0')}${amount.toFixed(2)}5802BR5912MP FAKE` +
      ` LOJA6009SAO PAULO62230519mpqrinter${String(id)}6304ABCD`;
    const p: FakePayment = {
      id,
      status: 'pending',
      status_detail: 'pending_waiting_transfer',
      transaction_amount: amount,
      currency_id: 'BRL',
      description: typeof body.description === 'string' ? body.description : null,
      payment_method_id: 'pix',
      payment_type_id: 'bank_transfer',
      external_reference:
        typeof body.external_reference === 'string' ? body.external_reference : null,
      notification_url: typeof body.notification_url === 'string' ? body.notification_url : null,
      date_created: created,
      date_approved: null,
      date_last_updated: created,
      date_of_expiration:
        typeof body.date_of_expiration === 'string' ? body.date_of_expiration : null,
      payer: {
        email: payer.email,
        first_name: 'Comprador',
        last_name: 'Teste',
        identification: { type: 'CPF', number: '19119119100' },
      },
      point_of_interaction: {
        type: 'PIX',
        transaction_data: {
          qr_code: qr,
          qr_code_base64: PNG_1X1,
          ticket_url: `https://www.mercadopago.com.br/payments/${String(id)}/ticket?caller_id=1`,
        },
      },
      transaction_details: { total_paid_amount: amount, net_received_amount: 0 },
    };
    payments.set(id, p);
    if (key) byIdempotencyKey.set(key, id);
    return p;
  }

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const raw = await readBody(request);
    let body: unknown = null;
    try {
      body = raw === '' ? null : JSON.parse(raw);
    } catch {
      body = raw;
    }
    // Control endpoints for the CLI (browser journey); not part of MP's API.
    const control = /^\/_test\/(approve|refund|chargeback|webhook)\/(\d+)$/.exec(url.pathname);
    if (control && request.method === 'POST') {
      const id = Number(control[2]);
      if (!payments.has(id)) return send(response, 404, { message: 'Payment not found' });
      if (control[1] === 'webhook') {
        const target = body as { url: string; secret: string };
        const result = await fake.sendWebhook(target.url, target.secret, id);
        return send(response, 200, result);
      }
      if (control[1] === 'approve') return send(response, 200, fake.approve(id));
      if (control[1] === 'refund') return send(response, 200, fake.refund(id));
      return send(response, 200, fake.chargeback(id));
    }

    requests.push({
      method: request.method ?? '',
      path: url.pathname,
      headers: request.headers,
      body,
    });
    if (mode === 'hang') {
      hanging.add(response);
      return;
    }
    if (mode === 'down') return send(response, 503, { message: 'Service Unavailable' });
    if (mode === 'garbage') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('<html>upstream error</html>');
      return;
    }
    const auth = request.headers.authorization ?? '';
    const token = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    if (token === '' || (tokens.size > 0 && !tokens.has(token))) {
      return send(response, 401, {
        message: 'invalid access token',
        error: 'unauthorized',
        status: 401,
      });
    }

    if (url.pathname === '/v1/payments' && request.method === 'POST') {
      const key = request.headers['x-idempotency-key'];
      const result = create(
        (body ?? {}) as Record<string, unknown>,
        typeof key === 'string' ? key : undefined,
      );
      if (typeof result === 'string') {
        return send(response, 400, { message: result, error: 'bad_request', status: 400 });
      }
      return send(response, 201, result);
    }
    const match = /^\/v1\/payments\/(\d+)(\/refunds)?$/.exec(url.pathname);
    const found = match ? payments.get(Number(match[1])) : undefined;
    if (!match || !found) {
      return send(response, 404, { message: 'Payment not found', error: 'not_found', status: 404 });
    }
    if (match[2] && request.method === 'POST') {
      if (found.status !== 'approved') {
        return send(response, 400, {
          message: 'Invalid payment status',
          error: 'bad_request',
          status: 400,
        });
      }
      touch(found, 'refunded', 'refunded');
      return send(response, 201, {
        id: nextId++,
        payment_id: found.id,
        amount: found.transaction_amount,
        status: 'approved',
        date_created: new Date(now()).toISOString(),
      });
    }
    if (request.method === 'GET') return send(response, 200, found);
    if (request.method === 'PUT') {
      const update = (body ?? {}) as { status?: unknown };
      if (update.status !== 'cancelled' || found.status !== 'pending') {
        return send(response, 400, {
          message: 'Invalid status for update',
          error: 'bad_request',
          status: 400,
        });
      }
      return send(response, 200, touch(found, 'cancelled', 'by_collector'));
    }
    return send(response, 405, { message: 'Method not allowed' });
  }

  const server: Server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      send(response, 500, { message: String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeMercadoPago = {
    url: `http://127.0.0.1:${String(port)}`,
    payments,
    requests,
    tokens,
    approve(id, { amount, externalReference, currency } = {}) {
      const p = payment(id);
      if (amount !== undefined) p.transaction_amount = amount;
      if (currency !== undefined) p.currency_id = currency;
      if (externalReference !== undefined) p.external_reference = externalReference;
      p.date_approved = new Date(now()).toISOString();
      p.transaction_details = { total_paid_amount: p.transaction_amount, net_received_amount: 0 };
      return touch(p, 'approved', 'accredited');
    },
    refund: (id) => touch(payment(id), 'refunded', 'refunded'),
    chargeback: (id) => touch(payment(id), 'charged_back', 'settled'),
    reject: (id) => touch(payment(id), 'rejected', 'cc_rejected_other_reason'),
    expire: (id) => touch(payment(id), 'cancelled', 'expired'),
    async sendWebhook(url, secret, id, overrides = {}) {
      const dataId = String(id);
      const requestId = overrides.requestId ?? randomUUID();
      const ts = overrides.ts ?? Math.floor(now() / 1000);
      const target = new URL(url);
      target.searchParams.set('data.id', dataId);
      target.searchParams.set('type', 'payment');
      const response = await fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-request-id': requestId,
          'x-signature': overrides.signature ?? signMercadoPago(secret, dataId, requestId, ts),
        },
        body: JSON.stringify({
          action: 'payment.updated',
          api_version: 'v1',
          data: { id: dataId },
          date_created: new Date(now()).toISOString(),
          id: Math.floor(Math.random() * 1e12),
          live_mode: false,
          type: 'payment',
          user_id: '123456789',
        }),
      });
      return { status: response.status, body: await response.text(), requestId };
    },
    down: () => {
      mode = 'down';
    },
    garbage: () => {
      mode = 'garbage';
    },
    hang: () => {
      mode = 'hang';
    },
    healthy: () => {
      mode = 'healthy';
      for (const response of hanging) response.destroy();
      hanging.clear();
    },
    async close() {
      for (const response of hanging) response.destroy();
      hanging.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}

// CLI: `node --import tsx apps/server/src/testing/fake-mercadopago.ts --port 4010`
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const flag = process.argv.indexOf('--port');
  const port = flag >= 0 ? Number(process.argv[flag + 1]) : 0;
  void startFakeMercadoPago({ port }).then((fake) => {
    process.stdout.write(`${fake.url}\n`);
  });
}
