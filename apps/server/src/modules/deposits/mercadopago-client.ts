import { z } from 'zod';

/**
 * Mercado Pago's Payments API, the calls the deposits module makes (developer docs: "Payments
 * API" reference and "Integrate Pix"). Every failure — network, timeout, a non-2xx answer or a
 * body that is not the documented payment — is a MercadoPagoError; callers turn it into a pt-BR
 * 502 or retry later. Never called inside a database transaction.
 */

/** The documented payment object, the fields we read. */
const paymentSchema = z.object({
  id: z.number().int().positive(),
  status: z.string(),
  status_detail: z.string().nullish(),
  transaction_amount: z.number(),
  /** ISO 4217: `BRL` for a PIX payment; only an amount in reais can match a deposit. */
  currency_id: z.string().nullish(),
  external_reference: z.string().nullish(),
  date_created: z.string().nullish(),
  date_approved: z.string().nullish(),
  date_of_expiration: z.string().nullish(),
  payer: z
    .object({
      email: z.string().nullish(),
      first_name: z.string().nullish(),
      last_name: z.string().nullish(),
    })
    .nullish(),
  point_of_interaction: z
    .object({
      transaction_data: z
        .object({
          qr_code: z.string().nullish(),
          qr_code_base64: z.string().nullish(),
          ticket_url: z.string().nullish(),
        })
        .nullish(),
    })
    .nullish(),
});
export type MercadoPagoPayment = z.infer<typeof paymentSchema>;

export class MercadoPagoError extends Error {
  constructor(
    message: string,
    /** The HTTP status MP answered; undefined when it did not answer (down, timeout). */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'MercadoPagoError';
  }
}

export interface CreatePixPayment {
  transaction_amount: number;
  description: string;
  payment_method_id: 'pix';
  payer: { email: string };
  external_reference: string;
  notification_url: string;
  /** ISO 8601 with offset, e.g. 2026-01-15T12:30:00.000-03:00. */
  date_of_expiration: string;
}

export interface MercadoPagoClientOptions {
  baseUrl: string;
  /** Per request; default 10 s. */
  timeoutMs?: number;
}

/** One call to the API: its JSON answer, or a MercadoPagoError for any failure. */
async function call(
  { baseUrl, timeoutMs }: Required<MercadoPagoClientOptions>,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new MercadoPagoError(`${method} ${path}: ${String(error)}`);
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) {
    throw new MercadoPagoError(
      `${method} ${path}: HTTP ${String(response.status)} ${text.slice(0, 200)}`,
      response.status,
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new MercadoPagoError(`${method} ${path}: not JSON (${text.slice(0, 100)})`);
  }
}

/** The documented payment, or a MercadoPagoError. */
function payment(value: unknown, what: string): MercadoPagoPayment {
  const parsed = paymentSchema.safeParse(value);
  if (!parsed.success) throw new MercadoPagoError(`${what}: not a payment`);
  return parsed.data;
}

export function createMercadoPagoClient({ baseUrl, timeoutMs = 10_000 }: MercadoPagoClientOptions) {
  const options = { baseUrl, timeoutMs };
  return {
    /** POST /v1/payments; the idempotency key makes a retry return the same payment. */
    async createPixPayment(
      token: string,
      body: CreatePixPayment,
      idempotencyKey: string,
    ): Promise<MercadoPagoPayment> {
      const created = payment(
        await call(options, token, 'POST', '/v1/payments', body, {
          'x-idempotency-key': idempotencyKey,
        }),
        'create',
      );
      if (!created.point_of_interaction?.transaction_data?.qr_code) {
        throw new MercadoPagoError('create: no qr_code in the answer');
      }
      return created;
    },

    /** GET /v1/payments/{id}; undefined when MP does not know it (404). */
    async getPayment(token: string, id: string): Promise<MercadoPagoPayment | undefined> {
      try {
        return payment(
          await call(options, token, 'GET', `/v1/payments/${encodeURIComponent(id)}`),
          'get',
        );
      } catch (error) {
        if (error instanceof MercadoPagoError && error.status === 404) return undefined;
        throw error;
      }
    },

    /** PUT /v1/payments/{id} `{ status: 'cancelled' }`: only a pending payment can be. */
    async cancelPayment(token: string, id: string): Promise<MercadoPagoPayment> {
      return payment(
        await call(options, token, 'PUT', `/v1/payments/${encodeURIComponent(id)}`, {
          status: 'cancelled',
        }),
        'cancel',
      );
    },

    /** POST /v1/payments/{id}/refunds with no body: a full refund. */
    async refundPayment(token: string, id: string): Promise<void> {
      await call(
        options,
        token,
        'POST',
        `/v1/payments/${encodeURIComponent(id)}/refunds`,
        {},
        {
          'x-idempotency-key': `refund-${id}`,
        },
      );
    },
  };
}

export type MercadoPagoClient = ReturnType<typeof createMercadoPagoClient>;

/** ISO 8601 in Brasília time (UTC−03:00, no DST since 2019), as MP's examples write it. */
export function isoBrasilia(epochMs: number): string {
  const shifted = new Date(epochMs - 3 * 60 * 60_000).toISOString();
  return `${shifted.slice(0, -1)}-03:00`;
}
