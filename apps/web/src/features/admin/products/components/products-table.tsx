import { messages, type Product } from '@chaveiro/contract';
import { StateTableBody } from '@/components/data-table/state-table-body';
import { Table, TableHead, TableHeader, TableRow } from '@/components/ui/table';
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
        <StateTableBody
          columns={columns}
          rows={products}
          isLoading={state === 'loading'}
          isError={state === 'error'}
          loadingText="Carregando..."
          errorText={messages.errors.productsLoadFailed}
          emptyText="Nenhum produto cadastrado."
          renderRow={(product) => (
            <TableRow key={product.id}>
              <ProductCells product={product} />
            </TableRow>
          )}
        />
      </Table>
    </div>
  );
}
