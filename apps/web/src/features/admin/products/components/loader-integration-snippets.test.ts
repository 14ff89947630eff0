import { describe, expect, it } from 'vitest';
import { integrationSnippet, type LoaderIntegration } from './loader-integration-snippets';

const integration: LoaderIntegration = {
  serverUrl: 'https://painel.exemplo.com',
  productId: 'prod "aim" \\ \'beta\'',
  keys: [
    { keyId: '56475aa75463474c', publicKey: 'CURRENT=', validUntil: null },
    { keyId: 'a1b2c3d4e5f60718', publicKey: 'PREVIOUS=', validUntil: '2026-12-07T12:00:00.000Z' },
  ],
};

describe('integrationSnippet', () => {
  it('escapes quotes and backslashes inside each language string literal', () => {
    expect(integrationSnippet('cpp', integration)).toContain(
      '"https://painel.exemplo.com", "prod \\"aim\\" \\\\ \'beta\'", {',
    );
    expect(integrationSnippet('csharp', integration)).toContain(
      'ChaveiroSdk.Hwid("prod \\"aim\\" \\\\ \'beta\'")',
    );
    expect(integrationSnippet('typescript', integration)).toContain(
      "productId: 'prod \"aim\" \\\\ \\'beta\\'',",
    );
  });

  it('pins the current key first, then each previous one with the day it stops', () => {
    for (const language of ['cpp', 'csharp', 'typescript'] as const) {
      const code = integrationSnippet(language, integration);
      expect(code.indexOf('CURRENT=')).toBeGreaterThan(0);
      expect(code.indexOf('CURRENT=')).toBeLessThan(code.indexOf('PREVIOUS='));
      expect(code).toContain('chave pública atual');
      expect(code).toContain('chave anterior, aceita até 07/12/2026');
    }
    expect(integrationSnippet('typescript', integration)).toContain(
      "{ keyId: 'a1b2c3d4e5f60718', publicKey: 'PREVIOUS=' },",
    );
  });

  it('signs in with the account, which binds a new machine (a key alone does not)', () => {
    expect(integrationSnippet('cpp', integration)).toContain('client.auth_account(');
    expect(integrationSnippet('csharp', integration)).toContain('client.AuthAccountAsync(');
    expect(integrationSnippet('typescript', integration)).toContain(
      'identifier: username, password',
    );
  });
});
