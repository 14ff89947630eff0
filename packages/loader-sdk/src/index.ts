export type {
  AuthCredentials,
  AuthOptions,
  AuthResult,
  DownloadResult,
  HeartbeatHandlers,
  HeartbeatLoop,
  HeartbeatResult,
  HeartbeatStatus,
  LoaderClient,
  LoaderClientOptions,
  LoaderFile,
  LoaderReport,
  LoaderTimers,
  LoaderUpdate,
  RetryStatus,
  SecurityEventKind,
  SecurityEventResult,
} from './client.js';
export {
  createLoaderClient,
  fetchPublicKeys,
  LOADER_PATHS,
  SECURITY_EVENT_KINDS,
} from './client.js';
export type {
  LoaderUpdateOffer,
  NetworkCode,
  ProductStatus,
  RefusalCode,
  VerificationCode,
} from './errors.js';
export {
  LoaderError,
  LoaderNetworkError,
  LoaderOfflineExpiredError,
  LoaderRefusedError,
  LoaderStateError,
  LoaderUpdateError,
  LoaderVerificationError,
  REFUSAL_CODES,
} from './errors.js';
export { createNonce, sha256Hex } from './encoding.js';
export type { RetryOptions } from './retry.js';
export { GATEWAY_STATUSES, isTransient, TRANSIENT_REFUSALS } from './retry.js';
export type { AnswerData, Envelope, ExpectedAnswer, TrustedKey } from './verify.js';
export { importTrustedKey, keyIdOf, MAX_CLOCK_SKEW_MS, verifyAnswer } from './verify.js';
export type { LoaderCrypto, SessionKeyPair, StreamPuller } from './loader-crypto.js';
export type {
  OfflineGrant,
  OfflineRecord,
  OfflineStore,
  OfflineTokenCheck,
  OfflineTokenPayload,
  OfflineTokenProblem,
} from './offline.js';
export {
  checkOfflineToken,
  offlineStoreKey,
  openOfflineRecord,
  sealOfflineRecord,
} from './offline.js';
export { SEALED_CHUNK_BYTES, SEALED_CONTENT_TYPE, SealedOpener } from './sealed.js';
