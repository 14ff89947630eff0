// Node-only helpers, kept out of the main entry so browsers never see node: imports.
export type { MachineFacts } from './hwid.js';
export { deriveHwid, readMachineFacts } from './hwid.js';
export type {
  NodeLoaderClient,
  NodeLoaderClientOptions,
  SelfUpdateOptions,
  SelfUpdateResult,
} from './node-client.js';
export {
  createNodeLoaderClient,
  defaultOfflineStorePath,
  fileOfflineStore,
  sha256File,
} from './node-client.js';
export { sodiumCrypto } from './node-sodium.js';
