export * from './constants.js';
export * from './messages.js';
export * from './zod-pt-br.js';
export * from './schemas/common.js';
export * from './schemas/auth.js';
export * from './labels.js';
