import { randomBytes } from 'node:crypto';

/**
 * The smallest program the loader upload's PE check accepts: a DOS header pointing at `PE\0\0`,
 * then `size` random bytes (a new file, and a new SHA-256, every call).
 */
export function tinyPe(size = 4096): Buffer {
  const head = Buffer.alloc(0x40);
  head.write('MZ', 0, 'latin1');
  head.writeUInt32LE(0x40, 0x3c);
  return Buffer.concat([head, Buffer.from('PE\0\0', 'latin1'), randomBytes(size)]);
}
