import { fileParamSchema } from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FilesService } from './files-service.js';

/** Public, content-addressed images (avatars): immutable, so cached for a year. */
export function filesRoutes({ files: service }: { files: FilesService }): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.get(
      '/:sha256',
      {
        schema: {
          tags: ['files'],
          summary: 'Download a stored image by its sha256',
          params: fileParamSchema,
        },
      },
      async (request, reply) => {
        const file = await service.readPublic(request.params.sha256);
        return reply
          .header('content-type', file.mime)
          .header('content-length', file.size)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(file.bytes);
      },
    );
    done();
  };
}
