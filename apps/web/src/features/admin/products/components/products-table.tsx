import { messages, type Product } from '@chaveiro/contract';
import { TableMessageRow } from '@/components/data-table/table-message-row';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { PRODUCT_COLUMNS } from './product-format';
import { ProductCells } from './products-columns';

interface ProductsTableProps {
  products: Product[] | undefined;
  state: 'loading' | 'error' | 'ready';
}

/** Produto, Status, Planos Ativos, Ações, with the spec's loading and failure rows. */
export function ProductsTable({ products, state }: ProductsTableProps) {
  const columns = PRODUCT_COLUMNS.length;
  return (
    <div className="rounded-md border">
      <Table>
        <TableHeader>
          <TableRow>
            {PRODUCT_COLUMNS.map((label) => (
              <TableHead key={label} className={cn(label === 'Ações' && 'w-16 text-right')}>
                {label}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {state === 'loading' ? (
            <TableMessageRow colSpan={columns}>Carregando...</TableMessageRow>
          ) : state === 'error' ? (
            <TableMessageRow colSpan={columns} tone="error">
              {messages.errors.productsLoadFailed}
            </TableMessageRow>
          ) : !products || products.length === 0 ? (
            <TableMessageRow colSpan={columns}>Nenhum produto cadastrado.</TableMessageRow>
          ) : (
            products.map((product) => (
              <TableRow key={product.id}>
                <ProductCells product={product} />
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </div>
  );
}
