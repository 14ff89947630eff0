import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document is generated from the same zod schemas that validate the routes:
 * GET /api/openapi.json, browsable at /api/docs.
 */
export const openApiPlugin = fp(
  async (app) => {
    await app.register(fastifySwagger, {
      openapi: {
        info: { title: 'Chaveiro API', version: '1.0.0' },
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            bypassApiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
            // The seller API (/api/v1) takes its own bearer credential, not the session JWT.
            apiTokenAuth: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'chv_live_…',
              description:
                'API token for /api/v1: `chv_live_` followed by 43 base64url characters, created ' +
                'under "Tokens de API" (admins and resellers) and shown once. Each route needs ' +
                'one scope (e.g. `products:read`). Every answer carries `RateLimit-Limit`, ' +
                '`RateLimit-Remaining` and `RateLimit-Reset`; a POST may carry `Idempotency-Key` ' +
                '(at most 255 characters, kept 24 h): a retry gets the first answer again with ' +
                '`Idempotent-Replayed: true`.',
            },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
    app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
  },
  { name: 'openapi' },
);
