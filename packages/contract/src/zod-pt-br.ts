import { z } from 'zod';
import { plural, pluralWord } from './plural.js';

/**
 * Brazilian-Portuguese texts for zod's built-in checks, so its English defaults never reach a
 * user. Schemas that carry the spec's own message keep it: zod prefers a per-check message.
 */
export const ptBrErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'Campo obrigatório.';
      return `Tipo inválido: esperado ${typeName(issue.expected)}.`;
    case 'too_small':
      if (issue.origin === 'string')
        return `Deve ter no mínimo ${plural(issue.minimum, 'caractere', 'caracteres')}.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `Deve ter no mínimo ${plural(issue.minimum, 'item', 'itens')}.`;
      return issue.inclusive
        ? `Deve ser maior ou igual a ${String(issue.minimum)}.`
        : `Deve ser maior que ${String(issue.minimum)}.`;
    case 'too_big':
      if (issue.origin === 'string')
        return `Deve ter no máximo ${plural(issue.maximum, 'caractere', 'caracteres')}.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `Deve ter no máximo ${plural(issue.maximum, 'item', 'itens')}.`;
      return issue.inclusive
        ? `Deve ser menor ou igual a ${String(issue.maximum)}.`
        : `Deve ser menor que ${String(issue.maximum)}.`;
    case 'invalid_format':
      if (issue.format === 'email') return 'Formato de e-mail inválido.';
      if (issue.format === 'url') return 'URL inválida.';
      if (issue.format === 'uuid') return 'Identificador inválido.';
      return 'Formato inválido.';
    case 'not_multiple_of':
      return `Deve ser múltiplo de ${String(issue.divisor)}.`;
    case 'unrecognized_keys':
      return `${pluralWord(issue.keys.length, 'Campo não permitido', 'Campos não permitidos')}: ${issue.keys.join(', ')}.`;
    case 'invalid_value':
      return `Valor inválido. Use: ${issue.values.map((value) => String(value)).join(', ')}.`;
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'custom':
    default:
      return 'Valor inválido.';
  }
};

function typeName(expected: string): string {
  const names: Record<string, string> = {
    string: 'texto',
    number: 'número',
    int: 'número inteiro',
    boolean: 'verdadeiro ou falso',
    object: 'objeto',
    array: 'lista',
    date: 'data',
  };
  return names[expected] ?? expected;
}

/** Installs the pt-BR map globally; call once at each side's start-up. */
export function useBrazilianPortugueseErrors(): void {
  z.config({ customError: ptBrErrorMap });
}
