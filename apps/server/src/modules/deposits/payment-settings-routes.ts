import {
  paymentSettingsBodySchema,
  paymentSettingsResponseSchema,
  paymentSettingsSchema,
} from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { RoleGuard } from '../../platform/http/auth.js';
import { actorOf } from '../../platform/http/auth.js';
import { adminErrors, guardedRoute } from '../../platform/http/route-schemas.js';
import type { PaymentSettingsService } from './payment-settings.js';

type App = Parameters<FastifyPluginCallbackZod>[0];

const tags = ['deposits'];

/** The admin's payment settings: the PIX key shown to payers, the mode, the gateway's secrets. */
export function addPaymentSettingsRoutes(
  app: App,
  admin: RoleGuard,
  service: PaymentSettingsService,
) {
  app.get(
    '',
    guardedRoute(admin, tags, {
      summary: 'The payment mode, the BR Code data and the Mercado Pago credentials (masked)',
      response: { 200: paymentSettingsSchema, ...adminErrors },
    }),
    () => service.paymentSettings(),
  );

  app.patch(
    '',
    guardedRoute(admin, tags, {
      summary:
        'Save every field; an empty PIX key turns manual deposits off; an empty secret keeps the stored one, null clears it',
      body: paymentSettingsBodySchema,
      response: { 200: paymentSettingsResponseSchema, ...adminErrors },
    }),
    (request) => service.updatePaymentSettings(actorOf(request), request.body),
  );
}
