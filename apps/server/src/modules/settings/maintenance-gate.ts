import { messages } from '@chaveiro/contract';
import type { FastifyRequest } from 'fastify';
import type { AuthPluginOptions } from '../../platform/http/auth.js';
import { sessionUserOf } from '../../platform/http/auth.js';
import { ServiceUnavailableError } from '../../platform/core/errors.js';
import type { SettingsCache } from './settings-service.js';

/**
 * Calls that stay open during maintenance: health and the load balancer's probes, login (whose
 * service refuses non-admins with the same 503, so admins can still sign in), the public
 * settings the web polls to show its maintenance page, and the public status page's data (the
 * public pages stay up in maintenance, and that is when customers look at it most).
 */
const OPEN_ROUTES = new Set([
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
  'POST /api/auth/login',
  'GET /api/settings/public',
  'GET /api/status',
]);

/**
 * onRequest hook of the API scope: while maintenance mode is on, every API call answers 503
 * (code MAINTENANCE) unless it is an open route or carries a live admin session (DESIGN.md:
 * admins keep working).
 */
export function maintenanceGate(cache: SettingsCache, auth: AuthPluginOptions) {
  return maintenanceGateFor(
    cache,
    async (request) => (await sessionUserOf(request, auth))?.role === 'admin',
  );
}

/**
 * The same gate for a scope with its own credentials (the seller API's tokens): `isAdmin` says
 * whether the request acts for an admin, asked only while maintenance mode is on.
 */
export function maintenanceGateFor(
  cache: SettingsCache,
  isAdmin: (request: FastifyRequest) => Promise<boolean>,
) {
  return async (request: FastifyRequest): Promise<void> => {
    // Open routes first: the liveness probe must not read the settings (the database).
    if (OPEN_ROUTES.has(`${request.method} ${request.routeOptions.url ?? ''}`)) return;
    const { maintenance_mode } = await cache.read();
    if (maintenance_mode !== 'on') return;
    if (await isAdmin(request)) return;
    throw new ServiceUnavailableError(messages.settings.maintenance, 'MAINTENANCE');
  };
}
