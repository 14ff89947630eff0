import { loaderIntegrationMessages } from '@chaveiro/contract';
import { formatDate } from '@/lib/format';

const c = loaderIntegrationMessages.snippet;

/** A key the loader pins: the current one, then the `previous` ones of a rotation. */
export interface PinnedKey {
  keyId: string;
  /** Base64 of the raw 32-byte Ed25519 key. */
  publicKey: string;
  /** When a previous key stops being published; null for the current one. */
  validUntil: string | null;
}

/** What a native loader needs: where the server is, which product, which keys sign answers. */
export interface LoaderIntegration {
  serverUrl: string;
  productId: string;
  keys: readonly PinnedKey[];
}

export type IntegrationLanguage = 'cpp' | 'csharp' | 'typescript';

export const INTEGRATION_LANGUAGES: readonly IntegrationLanguage[] = [
  'cpp',
  'csharp',
  'typescript',
];

/** A value inside a double-quoted C, C++ or C# string literal. */
function quoted(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** A value inside a single-quoted TypeScript string literal. */
function singleQuoted(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function keyComment(key: PinnedKey): string {
  return key.validUntil === null ? c.currentKey : c.previousKey(formatDate(key.validUntil));
}

/** The C++ front end (sdks/c/include/chaveiro/chaveiro.hpp), as its README shows it. */
function cpp({ serverUrl, productId, keys }: LoaderIntegration): string {
  return [
    '#include <chaveiro/chaveiro.hpp>',
    '',
    '#include <iostream>',
    '#include <string>',
    '',
    `// chaveiro::global init;  ${c.init}`,
    'int run_loader(const std::string &username, const std::string &password) {',
    `  chaveiro::client client(${quoted(serverUrl)}, ${quoted(productId)}, {`,
    ...keys.map((key) => `      ${quoted(key.publicKey)},  // ${keyComment(key)}`),
    '  });',
    '  try {',
    '    chaveiro::auth_result auth =',
    `        client.auth_account(chaveiro::hwid(${quoted(productId)}), username, password);  // ${c.credentials}`,
    `    chaveiro::downloaded_file file = client.download();  // ${c.download}`,
    '    chaveiro::heartbeat_loop loop = client.start_heartbeats([](const chaveiro::heartbeat_event &e) {',
    `      if (e.type == CHAVEIRO_HEARTBEAT_ENDED) std::cerr << e.failure->what() << "\\n";  // ${c.heartbeats}`,
    '    });',
    '    loop.wait();',
    '    return 0;',
    '  } catch (const chaveiro::refused_error &e) {',
    `    std::cerr << e.what() << " (" << e.code() << ")\\n";  // ${c.refused}`,
    '    return 2;',
    '  } catch (const chaveiro::verification_error &e) {',
    `    return 3;  // ${c.untrusted}`,
    '  } catch (const chaveiro::network_error &e) {',
    `    return 4;  // ${c.unreachable}`,
    '  }',
    '}',
  ].join('\n');
}

/** The C# front end (sdks/csharp/Chaveiro.cs). */
function csharp({ serverUrl, productId, keys }: LoaderIntegration): string {
  return [
    'using Chaveiro;',
    '',
    `// using (ChaveiroSdk.Initialize())  ${c.init}`,
    `using (var client = new ChaveiroClient(${quoted(serverUrl)}, ${quoted(productId)}, new[]`,
    '{',
    ...keys.map((key) => `    ${quoted(key.publicKey)}, // ${keyComment(key)}`),
    '}))',
    '{',
    '    try',
    '    {',
    `        // ${c.credentials}`,
    `        AuthResult auth = await client.AuthAccountAsync(ChaveiroSdk.Hwid(${quoted(productId)}), username, password);`,
    `        DownloadedFile file = await client.DownloadAsync(); // ${c.download}`,
    `        await client.RunHeartbeatsAsync(e => { }, cancellationToken); // ${c.heartbeats}`,
    '    }',
    '    catch (ChaveiroRefusedException e)',
    '    {',
    `        Console.Error.WriteLine(e.Message + " (" + e.Code + ")"); // ${c.refused}`,
    '    }',
    `    catch (ChaveiroVerificationException) { /* ${c.untrusted} */ }`,
    `    catch (ChaveiroNetworkException) { /* ${c.unreachable} */ }`,
    '}',
  ].join('\n');
}

/** The TypeScript SDK (packages/loader-sdk), as its README shows it. */
function typescript({ serverUrl, productId, keys }: LoaderIntegration): string {
  return [
    "import { LoaderRefusedError } from '@chaveiro/loader-sdk';",
    '// Node: libsodium opens the protected download, sealed to this run of the loader.',
    "import { createNodeLoaderClient, deriveHwid } from '@chaveiro/loader-sdk/node';",
    '',
    'const client = createNodeLoaderClient({',
    `  serverUrl: ${singleQuoted(serverUrl)},`,
    `  productId: ${singleQuoted(productId)},`,
    '  trustedKeys: [',
    ...keys.map(
      (key) =>
        `    { keyId: ${singleQuoted(key.keyId)}, publicKey: ${singleQuoted(key.publicKey)} }, // ${keyComment(key)}`,
    ),
    '  ],',
    '});',
    '',
    'try {',
    `  // ${c.credentials}`,
    '  const auth = await client.auth({ hwid: deriveHwid(), identifier: username, password });',
    `  const file = auth.file ? await client.download() : null; // ${c.download}`,
    `  const loop = client.startHeartbeats({ onEnd: (error) => console.error(error.message) }); // ${c.heartbeats}`,
    '} catch (error) {',
    `  if (error instanceof LoaderRefusedError) console.error(error.message, error.code); // ${c.refused}`,
    '  else throw error;',
    '}',
  ].join('\n');
}

/** The ready-to-paste code of one SDK for this server, product and key(s). */
export function integrationSnippet(
  language: IntegrationLanguage,
  integration: LoaderIntegration,
): string {
  switch (language) {
    case 'cpp':
      return cpp(integration);
    case 'csharp':
      return csharp(integration);
    case 'typescript':
      return typescript(integration);
  }
}
