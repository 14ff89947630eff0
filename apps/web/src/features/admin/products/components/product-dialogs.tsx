import { ProductOperationalDialog } from '@/components/product-status/product-operational-dialog';
import { ProductStatusHistoryDialog } from '@/components/product-status/product-status-history-dialog';
import { ProductDeleteDialog } from './product-delete-dialog';
import { ProductDialog } from './product-dialog';
import { ProductDllDialog } from './product-dll-dialog';
import { ProductIntegrationDialog } from './product-integration-dialog';
import { ProductLeakTraceDialog } from './product-leak-trace-dialog';
import { ProductLoaderDialog } from './product-loader-dialog';
import { ProductProtectionDialog } from './product-protection-dialog';
import { useProductsDialogs } from './products-dialogs-context';

/** Renders the product dialog that is open, if any. */
export function ProductDialogs() {
  const { open, setOpen } = useProductsDialogs();
  if (!open) return null;
  const close = () => setOpen(null);
  switch (open.kind) {
    case 'create':
      return <ProductDialog onClose={close} />;
    case 'edit':
      return <ProductDialog key={open.row.id} product={open.row} onClose={close} />;
    case 'dll':
      return <ProductDllDialog key={open.row.id} row={open.row} onClose={close} />;
    case 'loader':
      return <ProductLoaderDialog key={open.row.id} row={open.row} onClose={close} />;
    case 'integration':
      return <ProductIntegrationDialog key={open.row.id} row={open.row} onClose={close} />;
    case 'protection':
      return <ProductProtectionDialog key={open.row.id} row={open.row} onClose={close} />;
    case 'leak':
      return <ProductLeakTraceDialog key={open.row.id} row={open.row} onClose={close} />;
    case 'operational':
      return <ProductOperationalDialog key={open.row.id} product={open.row} onClose={close} />;
    case 'history':
      return <ProductStatusHistoryDialog key={open.row.id} product={open.row} onClose={close} />;
    case 'delete':
      return <ProductDeleteDialog key={open.row.id} row={open.row} onClose={close} />;
  }
}
