/** Licence keys: the admin's key table, issuing new keys, and redeeming a key. */
export type { KeyListRow, KeysRepository } from './keys-repository.js';
export { createKeysRepository, keyStatusAt } from './keys-repository.js';
export type { KeyIssuer } from './key-issuer.js';
export { createKeyIssuer } from './key-issuer.js';
export type { KeyRedemption, Redemption } from './key-redemption.js';
export { createKeyRedemption } from './key-redemption.js';
export type { KeyActor, KeysService } from './keys-service.js';
export { createKeysService } from './keys-service.js';
export { keysRoutes } from './keys-routes.js';
