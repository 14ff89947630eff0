import {
  loaderFileMessages,
  messages,
  PLAN_DURATION_TYPES,
  type Product,
} from '@chaveiro/contract';
import { ProductStatusBadge } from '@/components/product-status/product-status-badge';
import { Badge } from '@/components/ui/badge';
import { TableCell } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { ProductRowActions } from './product-row-actions';
import { formatBRL } from '@/lib/format';

/** The four cells of a product row. */
export function ProductCells({ product }: { product: Product }) {
  const plans = PLAN_DURATION_TYPES.flatMap((type) => {
    const price = product.plans[type];
    return price === undefined ? [] : [{ type, price, reseller: product.resellerPlans[type] }];
  });
  const active = product.status === 'active';
  return (
    <>
      <TableCell className="max-w-[22rem] min-w-[12rem] whitespace-normal">
        <p className="font-medium">{product.name}</p>
        {product.description ? (
          <p className="text-muted-foreground line-clamp-2 text-xs">{product.description}</p>
        ) : null}
        {product.loader ? (
          <p className="text-muted-foreground text-xs" data-testid="product-loader">
            Loader {product.loader.version} ·{' '}
            {loaderFileMessages.downloadsCount(product.loader.downloads)}
          </p>
        ) : null}
      </TableCell>
      <TableCell>
        <div className="flex flex-wrap gap-1.5">
          <Badge
            variant="outline"
            className={cn(
              active
                ? 'border-emerald-500/30 bg-emerald-500/10 text-emerald-700 dark:text-emerald-400'
                : 'border-zinc-500/30 bg-zinc-500/10 text-zinc-600 dark:text-zinc-400',
            )}
          >
            {active ? 'Ativo' : 'Desligado'}
          </Badge>
          <ProductStatusBadge status={product.operational.status} note={product.operational.note} />
        </div>
      </TableCell>
      <TableCell>
        {plans.length === 0 ? (
          <span className="text-muted-foreground text-sm">Nenhum plano</span>
        ) : (
          <div className="flex flex-wrap gap-1.5">
            {plans.map(({ type, price, reseller }) => (
              <Badge key={type} variant="secondary">
                {messages.plans[type]} · {formatBRL(price)}
                {reseller === undefined ? null : (
                  <span className="font-normal"> · revenda {formatBRL(reseller)}</span>
                )}
              </Badge>
            ))}
          </div>
        )}
      </TableCell>
      <TableCell className="text-right">
        <ProductRowActions row={product} />
      </TableCell>
    </>
  );
}
