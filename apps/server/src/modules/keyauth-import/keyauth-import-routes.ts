import {
  KEYAUTH_IMPORT_LIMITS,
  keyAuthImportBodySchema,
  keyAuthImportSummarySchema,
} from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/http/auth.js';
import { adminErrors, errorResponses, guardedRoute } from '../../platform/http/route-schemas.js';
import type { KeyAuthImport } from './keyauth-import-service.js';

/**
 * `POST /api/admin/keyauth-import`: the admin screen "Importar do KeyAuth". The two exports
 * travel as text in one JSON body (the upload form of platform/http/multipart.ts carries one file).
 */
export function keyAuthImportRoutes({
  keyAuthImport,
}: {
  keyAuthImport: KeyAuthImport;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const admin = app.requireRole('admin');

    app.post(
      '',
      {
        ...guardedRoute(admin, ['keyauth-import'], {
          summary:
            "Import a KeyAuth seller's users and licences exports (JSON text) into one product; answers what was written",
          body: keyAuthImportBodySchema,
          response: {
            200: keyAuthImportSummarySchema,
            ...adminErrors,
            ...errorResponses(404, 413, 422),
          },
        }),
        bodyLimit: KEYAUTH_IMPORT_LIMITS.maxBodyBytes,
      },
      (request) => keyAuthImport.run(request.body, actorOf(request)),
    );

    done();
  };
}
