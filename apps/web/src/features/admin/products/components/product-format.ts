/** Header labels of the product table, verbatim from spec §2. */
export const PRODUCT_COLUMNS = ['Produto', 'Status', 'Planos Ativos', 'Ações'] as const;

export { formatBytes } from '@/lib/format';
