import type { KeyAuthSettings } from '@chaveiro/contract';

/** KeyAuth's own public key and API address, as the SDKs ship them: what the seller replaces. */
export const KEYAUTH_ORIGINAL = {
  apiUrl: 'https://keyauth.win/api/1.3/',
  apiUrlLegacy: 'https://keyauth.win/api/1.2/',
  publicKey: '5586b4bc69c7a4b487e4563a4cd96afd39140f919bd31cea7d1c6a1e8439422b',
} as const;

export type LoaderLanguage = 'cpp' | 'csharp' | 'python';

/** A value inside a double-quoted C, C# or Python string literal. */
function quoted(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * What changes in the C++ example (KeyAuth-CPP-Example main.cpp) and its library
 * (keyauth-cpp-library auth.cpp, `API_PUBLIC_KEY`): API 1.3, signed with our key.
 */
function cpp(s: KeyAuthSettings): string {
  return [
    '// main.cpp: os dados do app',
    `std::string name = skCrypt(${quoted(s.name)}).decrypt();`,
    `std::string ownerid = skCrypt(${quoted(s.ownerId)}).decrypt();`,
    `std::string version = skCrypt(${quoted(s.version)}).decrypt();`,
    `std::string url = skCrypt(${quoted(s.apiUrl)}).decrypt();`,
    'std::string path = skCrypt("").decrypt();',
    '',
    'api KeyAuthApp(name, ownerid, version, url, path);',
    '',
    '// auth.cpp (biblioteca keyauth-cpp-library): a chave que confere as respostas.',
    `// Antes: ${quoted(KEYAUTH_ORIGINAL.publicKey)}`,
    `std::string API_PUBLIC_KEY = ${quoted(s.publicKey)};`,
    '// Depois recompile a biblioteca e o loader.',
  ].join('\n');
}

/**
 * What changes in the C# example (KeyAuth-CSHARP-Example Program.cs and KeyAuth.cs): API 1.2,
 * whose answers are signed with the app secret.
 */
function csharp(s: KeyAuthSettings): string {
  return [
    '// Program.cs: os dados do app',
    'public static api KeyAuthApp = new api(',
    `    name: ${quoted(s.name)},`,
    `    ownerid: ${quoted(s.ownerId)},`,
    `    secret: ${quoted(s.secret)},`,
    `    version: ${quoted(s.version)}`,
    ');',
    '',
    `// KeyAuth.cs, em req(): troque ${quoted(KEYAUTH_ORIGINAL.apiUrlLegacy)} por`,
    `var raw_response = client.UploadValues(${quoted(s.apiUrlLegacy)}, post_data);`,
  ].join('\n');
}

/**
 * What changes in the Python example (KeyAuth-Python-Example main.py and keyauth.py): API 1.3,
 * checked with our key.
 */
function python(s: KeyAuthSettings): string {
  return [
    '# main.py: os dados do app',
    'keyauthapp = api(',
    `    name = ${quoted(s.name)},`,
    `    ownerid = ${quoted(s.ownerId)},`,
    `    version = ${quoted(s.version)},`,
    '    hash_to_check = getchecksum()',
    ')',
    '',
    `# keyauth.py: troque o endereço ${quoted(KEYAUTH_ORIGINAL.apiUrl)} por`,
    quoted(s.apiUrl),
    '# e a chave pública (hex) que confere x-signature-ed25519 por',
    quoted(s.publicKey),
  ].join('\n');
}

/** The ready-to-paste lines of each SDK for these settings. */
export function loaderSnippet(language: LoaderLanguage, settings: KeyAuthSettings): string {
  switch (language) {
    case 'cpp':
      return cpp(settings);
    case 'csharp':
      return csharp(settings);
    case 'python':
      return python(settings);
  }
}
