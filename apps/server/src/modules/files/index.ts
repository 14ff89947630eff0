/** Stored files (avatars, product DLLs), content-addressed by SHA-256. */
export { createFilesRepository } from './files-repository.js';
export type { FileUploadService, FilesService } from './files-service.js';
export {
  createFileUploadService,
  createFilesService,
  fileShaOf,
  fileUrl,
} from './files-service.js';
export { filesRoutes } from './files-routes.js';
