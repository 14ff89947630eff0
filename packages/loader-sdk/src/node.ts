// Node-only helpers, kept out of the main entry so browsers never see node: imports.
export type { MachineFacts } from './hwid.js';
export { deriveHwid, readMachineFacts } from './hwid.js';
