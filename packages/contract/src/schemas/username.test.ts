import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { useBrazilianPortugueseErrors } from '../zod-pt-br.js';
import { registerBodySchema } from './auth.js';
import { updateProfileBodySchema } from './profile.js';
import { createResellerBodySchema, resellerEditFormSchema } from './resellers.js';
import { accountBodySchema, adminProfileFieldsSchema, createUserBodySchema } from './users.js';

const v = messages.validation;
const account = { email: 'dono@example.com', password: 'senha-forte-1' };

beforeAll(() => useBrazilianPortugueseErrors());

describe('usernames', () => {
  it.each([
    ['sign-up', registerBodySchema, { ...account }],
    ['admin create-user', createUserBodySchema, { ...account }],
    ['admin change-username', accountBodySchema, {}],
    ['admin profile', adminProfileFieldsSchema, {}],
    ['profile rename', updateProfileBodySchema, {}],
    ['reseller create', createResellerBodySchema, { type: 'new', ...account }],
    ['reseller edit', resellerEditFormSchema, { email: account.email, password: '' }],
  ] as const)('cannot contain @ (%s), so none can equal an e-mail', (_form, schema, rest) => {
    const result = schema.safeParse({ ...rest, username: 'vitima@example.com' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(v.usernameNoAt);
    expect(schema.safeParse({ ...rest, username: 'vitima_example' }).success).toBe(true);
  });

  it.each(['vitima\uFF20example.com', 'vitima\uFE6Bexample.com'])(
    'cannot contain a look-alike of @ either (%s)',
    (username) => {
      const result = registerBodySchema.safeParse({ ...account, username });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([v.usernameNoAt]);
    },
  );
});
