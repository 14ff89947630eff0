/** Stored files (avatars, product DLLs), content-addressed by SHA-256. */
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import { createFilesRepository } from './files-repository.js';
import { filesRoutes } from './files-routes.js';
import { createFileUploadService, createFilesService } from './files-service.js';

export type { FileUploadService, FilesService } from './files-service.js';
export { fileShaOf, fileUrl } from './files-service.js';

export function createFilesModule({
  db,
  clock,
  runInBackground,
}: Pick<Platform, 'db' | 'clock' | 'runInBackground'>) {
  const repository = createFilesRepository(db);
  const files = createFilesService({ repository });
  return defineModule({
    name: 'files',
    services: {
      files,
      /** Uploads stored content-addressed without holding the event loop. */
      fileUploads: createFileUploadService({ db, clock, runInBackground, repository }),
    },
    routes: [{ scope: 'api', prefix: '/files', plugin: filesRoutes({ files }) }],
  });
}
