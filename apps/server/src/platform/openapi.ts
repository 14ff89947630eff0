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
