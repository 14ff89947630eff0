const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** Reais as `R$ 1.234,56` (Intl's non-breaking space after R$ becomes a plain one). */
export function formatBRL(reais: number): string {
  return brl.format(reais).replace(/\u00a0/g, ' ');
}

/** A balance change with its sign: `+R$ 10,00`, `-R$ 5,00`. */
export function formatSignedBRL(reais: number): string {
  return reais > 0 ? `+${formatBRL(reais)}` : formatBRL(reais);
}
