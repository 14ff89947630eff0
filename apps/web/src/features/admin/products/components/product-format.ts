/** Header labels of the product table, verbatim from spec §2. */
export const PRODUCT_COLUMNS = ['Produto', 'Status', 'Planos Ativos', 'Ações'] as const;

const units = ['B', 'KB', 'MB', 'GB'] as const;

/** 1,5 MB */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  return `${value.toLocaleString('pt-BR', { maximumFractionDigits: digits })} ${units[unit] ?? 'B'}`;
}
