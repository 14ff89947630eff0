import { z } from 'zod';
import { pageOf } from './common.js';

/**
 * Outgoing webhooks: endpoints the admin registers, each hearing the events it
 * chose, each delivery signed `Chaveiro-Signature: t=<unix>,v1=<hex HMAC-SHA256("t.body")>`.
 */
export const WEBHOOK_EVENT_TYPES = [
  'key.redeemed',
  'purchase.completed',
  'deposit.paid',
  'deposit.refunded',
  'subscription.expiring',
  'subscription.expired',
  'subscription.paused',
  'subscription.resumed',
  'user.registered',
  'user.banned',
  'hwid.reset',
  'machine.bound',
  'loader.hwid_mismatch',
  'product.status_changed',
  'loader.tampered',
  'delivery.leaked',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The test event "Enviar teste" sends: never subscribed to, sent on demand. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** pt-BR names of the events (the endpoint form, the delivery log, the Discord embed's title). */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT, string> = {
  'key.redeemed': 'Chave resgatada',
  'purchase.completed': 'Compra concluída',
  'deposit.paid': 'Depósito pago',
  'deposit.refunded': 'Depósito estornado',
  'subscription.expiring': 'Assinatura perto de expirar',
  'subscription.expired': 'Assinatura expirada',
  'subscription.paused': 'Assinatura pausada',
  'subscription.resumed': 'Assinatura reativada',
  'user.registered': 'Novo usuário',
  'user.banned': 'Usuário banido',
  'hwid.reset': 'HWID redefinido',
  'machine.bound': 'Nova máquina vinculada',
  'loader.hwid_mismatch': 'HWID diferente no loader',
  'product.status_changed': 'Status do produto alterado',
  'loader.tampered': 'Loader adulterado ou sob análise',
  'delivery.leaked': 'Vazamento rastreado',
  'webhook.test': 'Teste de webhook',
};

export const WEBHOOK_LIMITS = {
  urlMax: 2_000,
  descriptionMax: 200,
  /** Endpoints the platform may hold. */
  endpointsMax: 50,
  /** A delivery is retried with exponential backoff for this long, then marked failed. */
  retryWindowMs: 24 * 60 * 60 * 1000,
  /** How long one delivery attempt may take (connect, send, answer). */
  timeoutMs: 5_000,
  /** Characters of the receiver's answer kept in the delivery log. */
  responseExcerptMax: 500,
  /** Deliveries per page of the log. */
  deliveriesPageSizeMax: 50,
} as const;

/** Signing header name and the prefix of every signing secret. */
export const WEBHOOK_SIGNATURE_HEADER = 'Chaveiro-Signature';
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** `discord` when the URL is a Discord webhook: it gets a pt-BR embed instead of the JSON event. */
export const WEBHOOK_FORMATS = ['json', 'discord'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export const webhookMessages = {
  urlRequired: 'Informe a URL do endpoint.',
  urlInvalid: 'Informe uma URL http(s) válida.',
  /** SSRF guard: loopback, private, link-local… addresses are refused. */
  urlNotAllowed: 'Esta URL aponta para um endereço interno ou privado e não pode receber webhooks.',
  eventsRequired: 'Escolha ao menos um evento.',
  eventInvalid: 'Evento desconhecido.',
  descriptionMax: `A descrição pode ter no máximo ${WEBHOOK_LIMITS.descriptionMax} caracteres.`,
  tooMany: `Limite de ${WEBHOOK_LIMITS.endpointsMax} endpoints atingido.`,
  created: 'Endpoint criado. Guarde o segredo de assinatura.',
  updated: 'Endpoint atualizado.',
  deleted: 'Endpoint excluído.',
  secretRolled: 'Novo segredo gerado. O anterior deixou de valer.',
  notFound: 'Endpoint não encontrado.',
  deliveryNotFound: 'Entrega não encontrada.',
  resent: 'Entrega reenviada.',
  testSent: 'Evento de teste enfileirado.',
} as const;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  format: z.enum(WEBHOOK_FORMATS),
  createdAt: z.iso.datetime(),
  /** The latest delivery's outcome, or null when nothing was sent yet. */
  lastDelivery: z
    .object({ status: z.enum(WEBHOOK_DELIVERY_STATUSES), at: z.iso.datetime() })
    .nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointsPageSchema = pageOf(webhookEndpointSchema);
export type WebhookEndpointsPage = z.infer<typeof webhookEndpointsPageSchema>;

const urlSchema = z
  .string({ error: webhookMessages.urlRequired })
  .trim()
  .min(1, webhookMessages.urlRequired)
  .max(WEBHOOK_LIMITS.urlMax, webhookMessages.urlInvalid)
  .pipe(z.url({ protocol: /^https?$/, error: webhookMessages.urlInvalid }))
  .refine((value) => !/^https?:\/\/[^/?#]*@/i.test(value), webhookMessages.urlInvalid);

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: webhookMessages.eventInvalid }), {
    error: webhookMessages.eventsRequired,
  })
  .min(1, webhookMessages.eventsRequired)
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((events) => [...new Set(events)]);

const descriptionSchema = z
  .string()
  .trim()
  .max(WEBHOOK_LIMITS.descriptionMax, webhookMessages.descriptionMax);

/** `POST /api/admin/webhooks` (and `/api/v1/webhook-endpoints`). */
export const createWebhookBodySchema = z.strictObject({
  url: urlSchema,
  events: eventsSchema,
  description: descriptionSchema.default(''),
});
export type CreateWebhookBody = z.input<typeof createWebhookBodySchema>;
export type CreateWebhookInput = z.output<typeof createWebhookBodySchema>;

/** `PATCH /api/admin/webhooks/:id`: any of the fields. */
export const updateWebhookBodySchema = z.strictObject({
  url: urlSchema.optional(),
  events: eventsSchema.optional(),
  description: descriptionSchema.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookBody = z.input<typeof updateWebhookBodySchema>;

/** Creating an endpoint or rolling its secret answers the secret (`whsec_…`). */
export const webhookSecretResponseSchema = z.object({
  message: z.string(),
  secret: z.string(),
  endpoint: webhookEndpointSchema,
});
export type WebhookSecretResponse = z.infer<typeof webhookSecretResponseSchema>;

export const webhookEndpointResponseSchema = z.object({
  message: z.string(),
  endpoint: webhookEndpointSchema,
});

/** One event sent (or to be sent) to one endpoint, as the delivery log shows it. */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  createdAt: z.iso.datetime(),
  lastAttemptAt: z.iso.datetime().nullable(),
  /** When the next retry is due while pending; null otherwise. */
  nextAttemptAt: z.iso.datetime().nullable(),
  /** The receiver's HTTP status of the last attempt; null when it never answered. */
  responseStatus: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  /** The start of the receiver's answer, or why the attempt failed (timeout, refused…). */
  responseExcerpt: z.string().nullable(),
  error: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** `GET /api/admin/webhooks/:id/deliveries?page=&pageSize=&status=`, newest first. */
export const webhookDeliveriesQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(WEBHOOK_LIMITS.deliveriesPageSizeMax).default(20),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
});
export type WebhookDeliveriesQuery = z.infer<typeof webhookDeliveriesQuerySchema>;

export const webhookDeliveriesPageSchema = pageOf(webhookDeliverySchema);
export type WebhookDeliveriesPage = z.infer<typeof webhookDeliveriesPageSchema>;

/** `GET /api/admin/webhooks?page=&pageSize=`: endpoints, newest first. */
export const webhookEndpointsQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(WEBHOOK_LIMITS.endpointsMax).default(20),
});
export type WebhookEndpointsQuery = z.infer<typeof webhookEndpointsQuerySchema>;

export const webhookDeliveryParamSchema = z.strictObject({
  deliveryId: z.string().min(1).max(64),
});

/** Why an attempt failed, as the delivery log shows it (`error`). */
export const webhookDeliveryErrors = {
  timeout: `Sem resposta em ${WEBHOOK_LIMITS.timeoutMs / 1000} s.`,
  network: (detail: string) => `Falha de conexão (${detail}).`,
  redirect: (status: number) => `Redirecionamento não seguido (HTTP ${status}).`,
  status: (status: number) => `O destino respondeu HTTP ${status}.`,
  addressNotAllowed: 'Endereço interno ou privado recusado.',
  hostNotFound: 'Host não encontrado.',
  windowOver: 'Tentativas esgotadas: 24 h sem sucesso.',
  endpointDisabled: 'Endpoint desativado: entrega não enviada.',
} as const;

/** Audit-log sentences of the endpoint management (activity log). */
export const webhookActivity = {
  created: (url: string) => `Criou o webhook ${url}`,
  updated: (url: string) => `Alterou o webhook ${url}`,
  deleted: (url: string) => `Excluiu o webhook ${url}`,
  secretRolled: (url: string) => `Gerou um novo segredo para o webhook ${url}`,
} as const;

/** Texts of the test event and of Discord messages (the embed's field names). */
export const webhookTexts = {
  testDescription:
    'Evento de teste enviado pelo Chaveiro. Se você está vendo isto, o endpoint funciona.',
  discordFooter: 'Chaveiro',
  fields: {
    product: 'Produto',
    user: 'Usuário',
    key: 'Chave',
    amount: 'Valor',
    hwid: 'HWID',
    expiresAt: 'Expira em',
    ip: 'IP',
    days: 'Dias',
    reference: 'Referência',
    by: 'Por',
    machines: 'Máquinas liberadas',
    balanceAfter: 'Saldo após',
    role: 'Perfil',
    status: 'Status',
    previousStatus: 'Status anterior',
    note: 'Nota',
    timeFrozen: 'Tempo congelado',
    givenBack: 'Tempo devolvido',
    signal: 'Sinal',
    action: 'Ação',
    detail: 'Detalhe',
  },
  yes: 'Sim',
  no: 'Não',
  deletedUser: 'Conta excluída',
  paused: { user: 'pelo cliente', global: 'pausa geral' },
} as const;
