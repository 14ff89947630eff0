import type { LoaderClient, LoaderReport } from '@chaveiro/loader-sdk';
import { createLoaderClient, fetchPublicKeys } from '@chaveiro/loader-sdk';
import { sodiumCrypto } from '@chaveiro/loader-sdk/node';

/**
 * The SDK's loader client with libsodium, as a seller's loader runs it: a session key per client,
 * every answer's signature checked, the sealed download opened and matched against the signed
 * auth answer. It trusts the keys the journey's own server publishes.
 */
export async function loaderClient(
  serverUrl: string,
  productId: string,
  options: { loader?: LoaderReport; fetch?: typeof globalThis.fetch } = {},
): Promise<LoaderClient> {
  return createLoaderClient({
    serverUrl,
    productId,
    trustedKeys: await fetchPublicKeys(serverUrl),
    crypto: sodiumCrypto,
    ...options,
  });
}
