import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrazilianPortugueseErrors } from './zod-pt-br.js';

beforeAll(() => useBrazilianPortugueseErrors());

function messageOf(schema: z.ZodType, input: unknown): string | undefined {
  return schema.safeParse(input).error?.issues[0]?.message;
}

describe('pt-BR zod messages', () => {
  it.each([
    [z.object({ name: z.string() }), {}, 'Campo obrigatório.'],
    [z.string(), 42, 'Tipo inválido: esperado texto.'],
    [z.string().min(3), 'ab', 'Deve ter no mínimo 3 caracteres.'],
    [z.string().max(2), 'abc', 'Deve ter no máximo 2 caracteres.'],
    [z.number().min(0), -1, 'Deve ser maior ou igual a 0.'],
    [z.email(), 'x', 'Formato de e-mail inválido.'],
    [z.enum(['on', 'off']), 'maybe', 'Valor inválido. Use: on, off.'],
    [z.strictObject({}), { extra: 1 }, 'Campo não permitido: extra.'],
  ])('replaces the English default for %#', (schema, input, expected) => {
    expect(messageOf(schema, input)).toBe(expected);
  });

  it('keeps a message given by the schema itself', () => {
    expect(messageOf(z.string().min(3, 'Mínimo de 3 caracteres.'), 'a')).toBe(
      'Mínimo de 3 caracteres.',
    );
  });
});
