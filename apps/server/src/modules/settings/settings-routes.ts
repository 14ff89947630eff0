import {
  errorResponseSchema,
  publicSettingsSchema,
  resellerPricingBodySchema,
  resellerPricingResponseSchema,
  resellerPricingSchema,
  settingsSchema,
  updateSettingBodySchema,
  updateSettingResponseSchema,
} from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { adminErrors, guardedRoute } from '../../platform/http/route-schemas.js';
import { actorOf } from '../../platform/http/auth.js';
import type { SettingsService } from './settings-service.js';

/** Global settings (spec §2 Admin settings) and the public part the web polls. */
export function settingsRoutes({
  settings: service,
}: {
  settings: SettingsService;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const admin = app.requireRole('admin');
    const tags = ['settings'];

    app.get(
      '/',
      guardedRoute(admin, tags, {
        summary: 'Server status, maintenance mode and pause all users',
        response: { 200: settingsSchema, ...adminErrors },
      }),
      () => service.get(),
    );

    app.patch(
      '/',
      guardedRoute(admin, tags, {
        summary: 'Change one setting; pause_all_users freezes (on) or resumes (off) subscriptions',
        body: updateSettingBodySchema,
        response: { 200: updateSettingResponseSchema, ...adminErrors },
      }),
      (request) => service.update(request.body, actorOf(request)),
    );

    app.get(
      '/reseller-pricing',
      guardedRoute(admin, tags, {
        summary: 'The global reseller discount (percent) for plans without a reseller price',
        response: { 200: resellerPricingSchema, ...adminErrors },
      }),
      () => service.resellerPricing(),
    );

    app.put(
      '/reseller-pricing',
      guardedRoute(admin, tags, {
        summary: 'Set the global reseller discount: 0 to 90 %, at most two decimals',
        body: resellerPricingBodySchema,
        response: { 200: resellerPricingResponseSchema, ...adminErrors },
      }),
      (request) => service.setResellerPricing(request.body, actorOf(request)),
    );

    app.get(
      '/public',
      {
        schema: {
          tags,
          summary: 'Server status and maintenance mode, for the maintenance page (no session)',
          response: { 200: publicSettingsSchema, 500: errorResponseSchema },
        },
      },
      () => service.publicSettings(),
    );

    done();
  };
}
