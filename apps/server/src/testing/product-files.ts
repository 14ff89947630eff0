import { randomBytes } from 'node:crypto';
import { multipartBody } from './multipart.js';
import type { TestApp, TestUser } from './test-app.js';

/**
 * A minimal PE image of `size` random bytes (MZ, e_lfanew, PE\0\0): what the DLL and loader
 * uploads accept, distinct on every call. `size` is at least 0x44.
 */
export function peFile(size: number): Buffer {
  const bytes = randomBytes(Math.max(size, 0x44));
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x40, 0x3c);
  bytes.write('PE\0\0', 0x40, 'latin1');
  return bytes;
}

/** The admin's upload of a product's DLL, through the real route; throws unless it is stored. */
export async function uploadDll(
  t: TestApp,
  admin: TestUser,
  productId: string,
  bytes: Buffer,
): Promise<void> {
  const { body, contentType } = multipartBody([
    { name: 'dllFile', filename: 'produto.dll', content: bytes },
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/products/${productId}/upload-dll`,
    headers: { ...admin.headers, 'content-type': contentType },
    payload: body,
  });
  if (response.statusCode !== 200) throw new Error(`upload-dll: ${response.body}`);
}

/** The admin's upload of a product's loader file with `version`, through the real route; throws unless it is stored. */
export async function uploadLoader(
  t: TestApp,
  admin: TestUser,
  productId: string,
  bytes: Buffer,
  version: string,
  filename = `loader-${version}.exe`,
): Promise<void> {
  const { body, contentType } = multipartBody([
    { name: 'version', content: version },
    { name: 'loaderFile', filename, content: bytes },
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/products/${productId}/loader`,
    headers: { ...admin.headers, 'content-type': contentType },
    payload: body,
  });
  if (response.statusCode !== 200) throw new Error(`loader upload: ${response.body}`);
}
