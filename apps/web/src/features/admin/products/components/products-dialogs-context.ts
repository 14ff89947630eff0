import type { Product } from '@chaveiro/contract';
import { createContext, useContext } from 'react';

/** Which product dialog is open and for which row (shadcn-admin); `create` has no row. */
export type ProductDialog =
  | { kind: 'create' }
  | { kind: 'edit'; row: Product }
  | { kind: 'dll'; row: Product }
  | { kind: 'loader'; row: Product }
  | { kind: 'integration'; row: Product }
  | { kind: 'protection'; row: Product }
  | { kind: 'leak'; row: Product }
  | { kind: 'operational'; row: Product }
  | { kind: 'history'; row: Product }
  | { kind: 'delete'; row: Product };

export interface ProductsDialogsValue {
  open: ProductDialog | null;
  setOpen: (dialog: ProductDialog | null) => void;
}

export const ProductsDialogsContext = createContext<ProductsDialogsValue | null>(null);

export function useProductsDialogs(): ProductsDialogsValue {
  const value = useContext(ProductsDialogsContext);
  if (!value) throw new Error('useProductsDialogs must be used inside ProductsScreen');
  return value;
}
