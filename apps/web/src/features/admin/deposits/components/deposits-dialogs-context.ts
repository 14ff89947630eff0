import type { AdminDeposit } from '@chaveiro/contract';
import { createContext, useContext } from 'react';

/** Which row dialog is open, and for which deposit (shadcn-admin's dialog context). */
export interface OpenDepositDialog {
  kind: 'approve' | 'reject' | 'cancel' | 'refund';
  row: AdminDeposit;
}

export interface DepositsDialogs {
  open: OpenDepositDialog | null;
  setOpen: (dialog: OpenDepositDialog | null) => void;
}

export const DepositsDialogsContext = createContext<DepositsDialogs | null>(null);

export function useDepositsDialogs(): DepositsDialogs {
  const context = useContext(DepositsDialogsContext);
  if (!context) throw new Error('useDepositsDialogs outside DepositsDialogsContext');
  return context;
}
