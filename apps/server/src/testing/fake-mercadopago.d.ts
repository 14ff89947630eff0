import type { IncomingMessage } from 'node:http';
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
    identification: {
        type: string | null;
        number: string | null;
    };
}
export interface FakePayment {
    id: number;
    status: 'pending' | 'approved' | 'cancelled' | 'rejected' | 'refunded' | 'charged_back';
    status_detail: string;
    transaction_amount: number;
    currency_id: 'BRL';
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
        transaction_data: {
            qr_code: string;
            qr_code_base64: string;
            ticket_url: string;
        };
    };
    transaction_details: {
        total_paid_amount: number;
        net_received_amount: number;
    };
}
export type FakeMode = 'healthy' | 'down' | 'garbage' | 'hang';
export interface FakeMercadoPago {
    /** `http://127.0.0.1:<port>`, for MERCADOPAGO_API_URL. */
    url: string;
    /** Every payment created, by id. */
    payments: Map<number, FakePayment>;
    /** Requests received (method, path, headers, body), oldest first. */
    requests: {
        method: string;
        path: string;
        headers: IncomingMessage['headers'];
        body: unknown;
    }[];
    /** Access tokens accepted; any non-empty token when empty. */
    tokens: Set<string>;
    /** The payer approves it: status approved, `transaction_amount` = `amount` when given. */
    approve(id: number, options?: {
        amount?: number;
        externalReference?: string;
    }): FakePayment;
    refund(id: number): FakePayment;
    chargeback(id: number): FakePayment;
    reject(id: number): FakePayment;
    /** Expires it the way MP does after `date_of_expiration`: `cancelled` / `expired`. */
    expire(id: number): FakePayment;
    /** Posts a signed notification for payment `id` to `url`, as MP does; answers the status. */
    sendWebhook(url: string, secret: string, id: number | string, options?: {
        requestId?: string;
        ts?: number;
        signature?: string;
    }): Promise<{
        status: number;
        body: string;
        requestId: string;
    }>;
    down(): void;
    garbage(): void;
    hang(): void;
    healthy(): void;
    close(): Promise<void>;
}
/** The `x-signature` header MP sends: `ts=<seconds>,v1=<HMAC-SHA256 of the manifest>`. */
export declare function signMercadoPago(secret: string, dataId: string, requestId: string, ts: number): string;
export declare function startFakeMercadoPago(options?: {
    port?: number;
    now?: () => number;
}): Promise<FakeMercadoPago>;
