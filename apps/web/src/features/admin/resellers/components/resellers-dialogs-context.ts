import type { Reseller } from '@chaveiro/contract';
import { createContext, useContext } from 'react';

/** The row menu's dialogs (shadcn-admin: one piece of state says which is open, for which row). */
export type ResellerDialogKind = 'balance' | 'edit' | 'status';

export interface OpenResellerDialog {
  kind: ResellerDialogKind;
  row: Reseller;
}

export interface ResellersDialogsValue {
  open: OpenResellerDialog | null;
  setOpen: (dialog: OpenResellerDialog | null) => void;
}

export const ResellersDialogsContext = createContext<ResellersDialogsValue | null>(null);

export function useResellersDialogs(): ResellersDialogsValue {
  const value = useContext(ResellersDialogsContext);
  if (!value) throw new Error('useResellersDialogs must be used inside ResellersScreen');
  return value;
}
