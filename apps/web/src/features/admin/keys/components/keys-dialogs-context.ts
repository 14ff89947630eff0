import type { KeyListItem } from '@chaveiro/contract';
import { createContext, useContext } from 'react';

/** The key menu's dialogs (shadcn-admin: one piece of state says which is open, for which row). */
export type KeyDialogKind = 'view' | 'link' | 'reset' | 'delete';

export interface OpenKeyDialog {
  kind: KeyDialogKind;
  row: KeyListItem;
}

export interface KeysDialogsValue {
  open: OpenKeyDialog | null;
  setOpen: (dialog: OpenKeyDialog | null) => void;
}

export const KeysDialogsContext = createContext<KeysDialogsValue | null>(null);

export function useKeysDialogs(): KeysDialogsValue {
  const value = useContext(KeysDialogsContext);
  if (!value) throw new Error('useKeysDialogs must be used inside KeysTable');
  return value;
}
