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
  LoaderTimers,
  RetryStatus,
} from './client.js';
export { createLoaderClient, fetchPublicKeys, LOADER_PATHS } from './client.js';
export type { NetworkCode, ProductStatus, RefusalCode, VerificationCode } from './errors.js';
export {
  LoaderError,
  LoaderNetworkError,
  LoaderRefusedError,
  LoaderStateError,
  LoaderVerificationError,
  REFUSAL_CODES,
} from './errors.js';
export { createNonce, sha256Hex } from './encoding.js';
export type { RetryOptions } from './retry.js';
export { GATEWAY_STATUSES, isTransient, TRANSIENT_REFUSALS } from './retry.js';
export type { AnswerData, Envelope, ExpectedAnswer, TrustedKey } from './verify.js';
export { importTrustedKey, keyIdOf, MAX_CLOCK_SKEW_MS, verifyAnswer } from './verify.js';
