import { labels } from '@chaveiro/contract';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { useProducts } from '@/hooks/use-products';

const text = labels.productFilter;

/** The admin's product filter: every product of the catalogue, or all of them (`''`). */
export function ProductSelect({
  value,
  onChange,
  className,
}: {
  value: string;
  onChange: (productId: string) => void;
  className?: string;
}) {
  const products = useProducts();
  return (
    <NativeSelect
      aria-label={text.label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className={className}
    >
      <NativeSelectOption value="">{text.all}</NativeSelectOption>
      {products.data?.map((product) => (
        <NativeSelectOption key={product.id} value={product.id}>
          {product.name}
        </NativeSelectOption>
      ))}
    </NativeSelect>
  );
}
