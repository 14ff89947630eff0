import {
  clientDashboardSchema,
  dailyBonusResponseSchema,
  idParamSchema,
  machineParamsSchema,
  messageResponseSchema,
  redeemHistoryItemSchema,
  redeemKeyBodySchema,
  redeemKeyResponseSchema,
  resetHwidBodySchema,
  subscriptionStatusBodySchema,
} from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../platform/http/auth.js';
import { contentDisposition } from '../../platform/http/content-disposition.js';
import { errorResponses } from '../../platform/http/route-schemas.js';
import { rateLimit } from '../../platform/http/rate-limit.js';
import type { ClientService } from './client-service.js';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** The customer area (spec §7 Client): clients and resellers, each on their own data only. */
export function clientRoutes({
  client: service,
}: {
  client: ClientService;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const customer = app.requireRole('client', 'reseller');
    const tags = ['client'];

    app.get(
      '/dashboard',
      {
        onRequest: customer,
        schema: {
          tags,
          summary: 'Own subscriptions, balance, XP and rank, server status',
          response: { 200: clientDashboardSchema, ...errors },
        },
      },
      (request) => service.dashboard(authOf(request).userId),
    );

    app.patch(
      '/subscriptions/:id/status',
      {
        onRequest: customer,
        schema: {
          tags,
          summary: 'Pause (spends a pause credit, freezes the clock) or reactivate',
          params: idParamSchema,
          body: subscriptionStatusBodySchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      (request) =>
        service.setStatus(authOf(request).userId, request.params.id, request.body.status),
    );

    app.get(
      '/subscriptions/:id/loader',
      {
        onRequest: customer,
        // Each download sends up to 64 MB: plenty for a person, not for a script.
        preHandler: rateLimit({
          name: 'loader-file-download',
          max: 20,
          windowMs: 10 * 60_000,
          key: (request) => authOf(request).userId,
        }),
        schema: {
          tags,
          summary:
            "Download the product's loader file (own running subscription only); logged per download",
          params: idParamSchema,
          response: {
            200: z.unknown().describe('The file bytes (application/octet-stream)'),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const loader = await service.downloadLoader(
          authOf(request).userId,
          request.params.id,
          request.ip,
        );
        return reply
          .header('content-type', 'application/octet-stream')
          .header('content-disposition', contentDisposition(loader.name))
          .header('content-length', String(loader.size))
          .header('cache-control', 'no-store')
          .send(loader.bytes);
      },
    );

    app.patch(
      '/user/reset-hwid',
      {
        onRequest: customer,
        schema: {
          tags,
          summary: 'Free the HWIDs of a subscription (spends a reset credit)',
          body: resetHwidBodySchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      (request) => service.resetHwid(authOf(request).userId, request.body?.subscriptionId),
    );

    app.delete(
      '/subscriptions/:id/machines/:machineId',
      {
        onRequest: customer,
        schema: {
          tags,
          summary:
            'Release one bound machine: free if bound in the last 24 h (once per 30 days), else a reset credit',
          params: machineParamsSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      (request) =>
        service.releaseMachine(authOf(request).userId, request.params.id, request.params.machineId),
    );

    app.post(
      '/redeem-key',
      {
        // Guessing 36^18 keys is hopeless only while attempts stay this scarce.
        onRequest: customer,
        preHandler: [
          rateLimit({ name: 'redeem-ip', max: 30, windowMs: 10 * 60_000 }),
          rateLimit({
            name: 'redeem-user',
            max: 10,
            windowMs: 10 * 60_000,
            key: (request) => authOf(request).userId,
          }),
        ],
        schema: {
          tags,
          summary: 'Redeem a licence key into a subscription (answers it with its loader file)',
          body: redeemKeyBodySchema,
          response: { 200: redeemKeyResponseSchema, ...errors },
        },
      },
      (request) => service.redeem(authOf(request).userId, request.body.keyValue, request.ip),
    );

    app.get(
      '/redeem-history',
      {
        onRequest: customer,
        schema: {
          tags,
          summary: 'Keys the user redeemed (latest 200)',
          response: { 200: z.array(redeemHistoryItemSchema), ...errors },
        },
      },
      (request) => service.history(authOf(request).userId),
    );

    app.post(
      '/daily-bonus',
      {
        onRequest: customer,
        schema: {
          tags,
          summary: 'Claim the daily XP bonus (once per 24 h)',
          response: { 200: dailyBonusResponseSchema, ...errors },
        },
      },
      (request) => service.claimDailyBonus(authOf(request).userId),
    );

    done();
  };
}
