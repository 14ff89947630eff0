const countFormat = new Intl.NumberFormat('pt-BR');

/** The form of `one`/`many` that agrees with `count` (pt-BR: only 1 and -1 are singular). */
export function pluralWord(count: number | bigint, one: string, many: string): string {
  return Math.abs(Number(count)) === 1 ? one : many;
}

/**
 * A count followed by its words in agreement, instead of "chave(s) gerada(s)":
 * `plural(1, 'chave gerada', 'chaves geradas')` is '1 chave gerada', `plural(6, …)` '6 chaves
 * geradas'. The number is written the pt-BR way (1.000).
 */
export function plural(count: number | bigint, one: string, many: string): string {
  return `${countFormat.format(count)} ${pluralWord(count, one, many)}`;
}
