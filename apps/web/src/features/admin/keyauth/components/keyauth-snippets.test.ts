import type { KeyAuthSettings } from '@chaveiro/contract';
import { describe, expect, it } from 'vitest';
import { KEYAUTH_ORIGINAL, loaderSnippet } from './keyauth-snippets';

const settings: KeyAuthSettings = {
  enabled: true,
  name: 'Meu "App" \\ beta',
  ownerId: 'bwZIiRx8PJ',
  secret: 'a'.repeat(64),
  version: '2.0',
  downloadUrl: null,
  apiUrl: 'https://painel.exemplo.com/api/1.3/',
  apiUrlLegacy: 'https://painel.exemplo.com/api/1.2/',
  publicKey: 'b'.repeat(64),
  updatedAt: '2026-11-28T12:00:00.000Z',
};

describe('loaderSnippet', () => {
  it('escapes quotes and backslashes of the app name inside each language string literal', () => {
    expect(loaderSnippet('cpp', settings)).toContain('skCrypt("Meu \\"App\\" \\\\ beta")');
    expect(loaderSnippet('csharp', settings)).toContain('name: "Meu \\"App\\" \\\\ beta",');
    expect(loaderSnippet('python', settings)).toContain('name = "Meu \\"App\\" \\\\ beta",');
  });

  it('names what each SDK shipped with next to its replacement', () => {
    const cpp = loaderSnippet('cpp', settings);
    expect(cpp).toContain(KEYAUTH_ORIGINAL.publicKey);
    expect(cpp).toContain(`std::string API_PUBLIC_KEY = "${'b'.repeat(64)}";`);
    expect(cpp).not.toContain(settings.secret);
    const csharp = loaderSnippet('csharp', settings);
    expect(csharp).toContain(KEYAUTH_ORIGINAL.apiUrlLegacy);
    expect(csharp).toContain('UploadValues("https://painel.exemplo.com/api/1.2/", post_data)');
    const python = loaderSnippet('python', settings);
    expect(python).toContain(KEYAUTH_ORIGINAL.apiUrl);
    expect(python).toContain('"https://painel.exemplo.com/api/1.3/"');
  });
});
