import { messages } from '@chaveiro/contract';
import type { ComponentProps } from 'react';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { useProducts } from '@/hooks/use-products';

/** The product choice of the create form and the manage dialog (GET /api/products). */
export function ProductSelect(props: ComponentProps<typeof NativeSelect>) {
  const products = useProducts();
  const placeholder = products.isPending
    ? 'Carregando produtos…'
    : products.isError
      ? messages.errors.productsLoadFailed
      : 'Selecione um produto';
  return (
    <div className="[&>[data-slot=native-select-wrapper]]:w-full">
      <NativeSelect {...props}>
        <NativeSelectOption value="">{placeholder}</NativeSelectOption>
        {products.data?.map((product) => (
          <NativeSelectOption key={product.id} value={product.id}>
            {product.status === 'disabled' ? `${product.name} (desligado)` : product.name}
          </NativeSelectOption>
        ))}
      </NativeSelect>
    </div>
  );
}
