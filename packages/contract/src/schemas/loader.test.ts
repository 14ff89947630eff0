import { beforeAll, describe, expect, it } from 'vitest';
import { LOADER_REFUSAL_CODES } from '../constants.js';
import { messages } from '../messages.js';
import { useBrazilianPortugueseErrors } from '../zod-pt-br.js';
import { loaderAuthBodySchema, loaderHeartbeatBodySchema } from './loader.js';

const text = messages.loader;
const base = { productId: 'p1', hwid: 'PC-0123456789', nonce: 'n'.repeat(22) };

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  expect(result.success).toBe(false);
  return result.error?.issues[0]?.message;
}

beforeAll(() => useBrazilianPortugueseErrors());

describe('loader schemas', () => {
  it('has a pt-BR message for every refusal code', () => {
    for (const code of LOADER_REFUSAL_CODES) expect(text.refusals[code]).toMatch(/\S/);
  });

  it('normalises a typed key as the redeem boxes do', () => {
    const body = loaderAuthBodySchema.parse({ ...base, key: 'abcdef-123456 789xyz' });
    expect(body.key).toBe('ABCDEF123456789XYZ');
  });

  it('needs a key or a whole account', () => {
    expect(firstMessage(loaderAuthBodySchema.safeParse(base))).toBe(text.credentialsRequired);
    expect(firstMessage(loaderAuthBodySchema.safeParse({ ...base, identifier: 'ana' }))).toBe(
      messages.validation.passwordRequired,
    );
    expect(firstMessage(loaderAuthBodySchema.safeParse({ ...base, password: 'x' }))).toBe(
      messages.validation.identifierRequired,
    );
    expect(
      loaderAuthBodySchema.safeParse({ ...base, identifier: 'ana', password: 'x' }).success,
    ).toBe(true);
  });

  it('checks the nonce and HWID formats and refuses unknown fields', () => {
    const key = 'ABCDEF123456789XYZ';
    expect(firstMessage(loaderAuthBodySchema.safeParse({ ...base, key, nonce: 'short' }))).toBe(
      text.nonceInvalid,
    );
    expect(firstMessage(loaderAuthBodySchema.safeParse({ ...base, key, hwid: 'a b c d e' }))).toBe(
      text.hwidInvalid,
    );
    expect(loaderAuthBodySchema.safeParse({ ...base, key, role: 'admin' }).success).toBe(false);
    expect(
      loaderHeartbeatBodySchema.safeParse({ session: 'x', nonce: 'n'.repeat(65) }).success,
    ).toBe(false);
  });
});
