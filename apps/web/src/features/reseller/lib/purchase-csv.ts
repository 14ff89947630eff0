import { saveBlob } from '@/components/download/save-blob';

/** Like the server's export: semicolons for Excel in Brazil, a BOM so accents survive. */
const BOM = '\uFEFF';

function field(value: string): string {
  // A value a spreadsheet would run as a formula is kept as text (OWASP CSV injection).
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The CSV of a purchase's keys: one line per key with its product and plan. */
export function purchaseCsv(keys: readonly string[], product: string, plan: string): string {
  const lines = [['Chave', 'Produto', 'Plano'], ...keys.map((key) => [key, product, plan])];
  return BOM + lines.map((line) => line.map(field).join(';')).join('\r\n') + '\r\n';
}

/** Saves the purchase's keys as `chaves-<produto>.csv`. */
export function downloadPurchaseCsv(keys: readonly string[], product: string, plan: string) {
  const slug = product
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  saveBlob(
    new Blob([purchaseCsv(keys, product, plan)], { type: 'text/csv;charset=utf-8' }),
    `chaves-${slug || 'compra'}.csv`,
  );
}
