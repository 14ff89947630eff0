/** The loader API (docs/loader-protocol.md): authenticate, heartbeat, download. */
export { createLoaderRepository } from './loader-repository.js';
export type { LoaderKey } from './loader-repository.js';
export type { Presence } from './loader-presence.js';
export { createPresence } from './loader-presence.js';
export { createLoaderSessions } from './loader-sessions.js';
export { createLoaderService } from './loader-service.js';
export { loaderRoutes } from './loader-routes.js';
export { LoaderRefusalError } from './loader-answers.js';
export { unavailabilityOf } from './loader-availability.js';
export type { ClosedCode, UnusableCode } from './loader-availability.js';
export type {
  Admission,
  Credential,
  CredentialReach,
  LiveSession,
  LoaderAttempt,
  LoaderCredentials,
  LoaderService,
} from './loader-service.js';
