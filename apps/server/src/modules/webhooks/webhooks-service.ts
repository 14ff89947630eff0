import { randomBytes } from 'node:crypto';
import type {
  CreateWebhookInput,
  MessageResponse,
  WebhookDeliveriesPage,
  WebhookDeliveriesQuery,
  WebhookEndpoint,
  WebhookEndpointsPage,
  WebhookEndpointsQuery,
  WebhookEventType,
  WebhookSecretResponse,
} from '@chaveiro/contract';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TEST_EVENT,
  webhookActivity,
  webhookMessages,
  webhookTexts,
  type updateWebhookBodySchema,
} from '@chaveiro/contract';
import type { z } from 'zod';
import type { ActivityService } from '../activity/index.js';
import type { Actor } from '../../platform/http/auth.js';
import type { AppContext } from '../../platform/core/context.js';
import { withTransaction } from '../../platform/db/database.js';
import { ConflictError, NotFoundError, UnprocessableError } from '../../platform/core/errors.js';
import { newId } from '../../platform/core/ids.js';
import {
  AddressNotAllowedError,
  hostOf,
  resolveAllowed,
} from '../../platform/http/outbound-http.js';
import { formatOf } from './discord.js';
import type { WebhookDispatcher } from './webhook-dispatcher.js';
import type { WebhookBody } from './webhook-payloads.js';
import type { DeliveryRow, EndpointWithLast, WebhooksRepository } from './webhooks-repository.js';

export type UpdateWebhookInput = z.output<typeof updateWebhookBodySchema>;

export interface WebhooksServiceDeps extends Pick<AppContext, 'db' | 'clock'> {
  repository: WebhooksRepository;
  activity: ActivityService;
  dispatcher: Pick<WebhookDispatcher, 'kick' | 'requeue'>;
  /** WEBHOOKS_ALLOW_PRIVATE_URLS: endpoints on private addresses are accepted. */
  allowPrivate: boolean;
}

/** `whsec_` and 32 random bytes: the HMAC key of an endpoint's signatures. */
function newSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
}

function iso(epochMs: number | null): string | null {
  return epochMs === null ? null : new Date(Number(epochMs)).toISOString();
}

function toEndpoint(row: EndpointWithLast): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: JSON.parse(row.events) as WebhookEventType[],
    enabled: Number(row.enabled) === 1,
    format: row.format,
    createdAt: new Date(Number(row.created_at)).toISOString(),
    lastDelivery:
      row.last_status && row.last_at !== null
        ? { status: row.last_status, at: new Date(Number(row.last_at)).toISOString() }
        : null,
  };
}

function toDelivery(row: DeliveryRow) {
  return {
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type,
    status: row.status,
    attempts: Number(row.attempts),
    createdAt: new Date(Number(row.created_at)).toISOString(),
    lastAttemptAt: iso(row.last_attempt_at),
    nextAttemptAt: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    responseStatus: row.response_status === null ? null : Number(row.response_status),
    durationMs: row.duration_ms === null ? null : Number(row.duration_ms),
    responseExcerpt: row.response_excerpt,
    error: row.error,
  };
}

/**
 * The management of outgoing webhook endpoints. Actor-based, not request-based: the
 * admin routes call it, and so can another entry (the API tokens' `/api/v1/webhook-endpoints`).
 * Every change writes its audit line in its own transaction.
 */
export function createWebhooksService({
  db,
  clock,
  repository,
  activity,
  dispatcher,
  allowPrivate,
}: WebhooksServiceDeps) {
  /** The SSRF guard at the door: a host that is, or resolves to, a private address is refused. */
  async function assertUrlAllowed(url: string): Promise<void> {
    if (allowPrivate) return;
    try {
      await Promise.race([
        resolveAllowed(hostOf(new URL(url)), { allowPrivate }),
        // A resolver that hangs does not hold the admin's request: every send checks again.
        new Promise<void>((resolve) => setTimeout(resolve, WEBHOOK_LIMITS.timeoutMs).unref()),
      ]);
    } catch (error) {
      if (error instanceof AddressNotAllowedError) {
        throw new UnprocessableError(webhookMessages.urlNotAllowed, 'WEBHOOK_URL_NOT_ALLOWED');
      }
      // A host that does not resolve (yet) is accepted: its deliveries fail and say why, and
      // every send checks the address again.
    }
  }

  async function found(id: string): Promise<EndpointWithLast> {
    const row = await repository.findEndpoint(id);
    if (!row) throw new NotFoundError(webhookMessages.notFound);
    return row;
  }

  return {
    async list({ page, pageSize }: WebhookEndpointsQuery): Promise<WebhookEndpointsPage> {
      const [rows, total] = await Promise.all([
        repository.listEndpoints(pageSize, (page - 1) * pageSize),
        repository.countEndpoints(),
      ]);
      return { items: rows.map(toEndpoint), total, page, pageSize };
    },

    async get(id: string): Promise<WebhookEndpoint> {
      return toEndpoint(await found(id));
    },

    /** Registers an endpoint; answers its signing secret (shown once). */
    async create(input: CreateWebhookInput, actor: Actor): Promise<WebhookSecretResponse> {
      await assertUrlAllowed(input.url);
      const id = newId();
      const secret = newSecret();
      await withTransaction(db, async (trx) => {
        if ((await repository.countEndpoints(trx)) >= WEBHOOK_LIMITS.endpointsMax) {
          throw new ConflictError(webhookMessages.tooMany, 'WEBHOOK_LIMIT');
        }
        await repository.insertEndpoint(trx, {
          id,
          url: input.url,
          description: input.description,
          events: JSON.stringify(input.events),
          secret,
          format: formatOf(input.url),
          createdBy: actor.userId,
          now: clock.now(),
        });
        await activity.record(trx, actor, {
          type: 'webhook.created',
          action: webhookActivity.created(input.url),
          target: `webhook:${id}`,
        });
      });
      return { message: webhookMessages.created, secret, endpoint: await this.get(id) };
    },

    async update(
      id: string,
      input: UpdateWebhookInput,
      actor: Actor,
    ): Promise<{ message: string; endpoint: WebhookEndpoint }> {
      if (input.url !== undefined) await assertUrlAllowed(input.url);
      await withTransaction(db, async (trx) => {
        const current = await repository.findEndpoint(id, trx);
        if (!current) throw new NotFoundError(webhookMessages.notFound);
        await repository.updateEndpoint(trx, id, {
          ...(input.url !== undefined ? { url: input.url, format: formatOf(input.url) } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.events !== undefined ? { events: JSON.stringify(input.events) } : {}),
          ...(input.enabled !== undefined ? { enabled: input.enabled ? 1 : 0 } : {}),
          updated_at: clock.now(),
        });
        await activity.record(trx, actor, {
          type: 'webhook.updated',
          action: webhookActivity.updated(input.url ?? current.url),
          target: `webhook:${id}`,
        });
      });
      return { message: webhookMessages.updated, endpoint: await this.get(id) };
    },

    /** Deletes the endpoint and its delivery log. */
    async remove(id: string, actor: Actor): Promise<MessageResponse> {
      await withTransaction(db, async (trx) => {
        const current = await repository.findEndpoint(id, trx);
        if (!current || !(await repository.deleteEndpoint(trx, id))) {
          throw new NotFoundError(webhookMessages.notFound);
        }
        await activity.record(trx, actor, {
          type: 'webhook.deleted',
          action: webhookActivity.deleted(current.url),
          target: `webhook:${id}`,
        });
      });
      return { message: webhookMessages.deleted };
    },

    /** A new secret at once: deliveries from now on (retries included) are signed with it. */
    async rollSecret(id: string, actor: Actor): Promise<WebhookSecretResponse> {
      const secret = newSecret();
      await withTransaction(db, async (trx) => {
        const current = await repository.findEndpoint(id, trx);
        if (!current) throw new NotFoundError(webhookMessages.notFound);
        await repository.updateEndpoint(trx, id, { secret, updated_at: clock.now() });
        await activity.record(trx, actor, {
          type: 'webhook.secret_rolled',
          action: webhookActivity.secretRolled(current.url),
          target: `webhook:${id}`,
        });
      });
      return { message: webhookMessages.secretRolled, secret, endpoint: await this.get(id) };
    },

    /** "Enviar teste": a `webhook.test` event to this endpoint only, sent like any other. */
    async sendTest(id: string): Promise<MessageResponse> {
      const endpoint = await found(id);
      const now = clock.now();
      const eventId = newId();
      const body: WebhookBody = {
        id: eventId,
        type: WEBHOOK_TEST_EVENT,
        createdAt: new Date(now).toISOString(),
        data: {
          message: webhookTexts.testDescription,
          endpoint: { id: endpoint.id, url: endpoint.url },
        },
      };
      await repository.insertDeliveries(db, [
        {
          id: newId(),
          endpointId: id,
          eventId,
          eventType: WEBHOOK_TEST_EVENT,
          payload: JSON.stringify(body),
          now,
          windowEndsAt: now + WEBHOOK_LIMITS.retryWindowMs,
        },
      ]);
      dispatcher.kick();
      return { message: webhookMessages.testSent };
    },

    async deliveries(id: string, query: WebhookDeliveriesQuery): Promise<WebhookDeliveriesPage> {
      await found(id);
      const { page, pageSize, status } = query;
      const [rows, total] = await Promise.all([
        repository.listDeliveries(id, {
          ...(status ? { status } : {}),
          limit: pageSize,
          offset: (page - 1) * pageSize,
        }),
        repository.countDeliveries(id, status),
      ]);
      return { items: rows.map(toDelivery), total, page, pageSize };
    },

    /**
     * "Reenviar": the same body (same event id) again now, whatever its status, with a fresh
     * 24 h retry window.
     */
    async resend(deliveryId: string): Promise<MessageResponse> {
      if (!(await dispatcher.requeue(deliveryId))) {
        throw new NotFoundError(webhookMessages.deliveryNotFound);
      }
      dispatcher.kick();
      return { message: webhookMessages.resent };
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
