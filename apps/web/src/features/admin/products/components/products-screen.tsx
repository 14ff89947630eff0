import { messages } from '@chaveiro/contract';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useToken } from '@/hooks/use-session';
import { useProducts } from '@/hooks/use-products';
import { ProductDialogs } from './product-dialogs';
import { ProductsDialogsContext, type ProductDialog } from './products-dialogs-context';
import { ProductsTable } from './products-table';
import { PageHeader } from '@/components/layout/page-header';

/** `/admin/products`: the catalogue with its plans, DLLs and status (spec §2 Admin products). */
export function ProductsScreen() {
  const token = useToken();
  const products = useProducts({ enabled: token !== null });
  const [open, setOpen] = useState<ProductDialog | null>(null);
  const dialogs = useMemo(() => ({ open, setOpen }), [open]);

  if (!token) {
    return (
      <Alert variant="destructive">
        <AlertDescription>{messages.errors.notAuthenticated}</AlertDescription>
      </Alert>
    );
  }

  return (
    <ProductsDialogsContext value={dialogs}>
      <div className="grid grid-cols-1 gap-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <PageHeader
            title="Produtos"
            subtitle="Catálogo, preços dos planos e a DLL entregue pelo loader."
            level="h2"
          />
          <Button onClick={() => setOpen({ kind: 'create' })}>
            <Plus aria-hidden /> Create Product
          </Button>
        </div>
        <ProductsTable
          products={products.data}
          state={products.isPending ? 'loading' : products.isError ? 'error' : 'ready'}
        />
      </div>
      <ProductDialogs />
    </ProductsDialogsContext>
  );
}
