const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** Reais as `R$ 1.234,56` (Intl's non-breaking space after R$ becomes a plain one). */
export function formatBRL(reais: number): string {
  return brl.format(reais).replace(/\u00a0/g, ' ');
}

/** Reais as `1.234,56`, for a money input's value. */
export function formatReaisInput(reais: number): string {
  return reais.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/**
 * Reads money typed the Brazilian way (`1.234,56`, `10,5`, `R$ 25`), also accepting a dot as
 * the decimal mark when it is followed by one or two digits only (`10.50`). Undefined when the
 * text is not an amount; the caller's schema checks the range and the decimals.
 */
export function parseReais(text: string): number | undefined {
  const compact = text.replace(/R\$|\s/gi, '');
  if (compact === '') return undefined;
  let normalised: string;
  if (compact.includes(',')) {
    if (!/^\d{1,3}(\.\d{3})*(,\d*)?$|^\d+(,\d*)?$/.test(compact)) return undefined;
    normalised = compact.replace(/\./g, '').replace(',', '.');
  } else if (/^\d+\.\d{1,2}$/.test(compact)) {
    normalised = compact;
  } else {
    if (!/^\d{1,3}(\.\d{3})+$|^\d+$/.test(compact)) return undefined;
    normalised = compact.replace(/\./g, '');
  }
  const value = Number(normalised);
  return Number.isFinite(value) ? value : undefined;
}
