import type { UserListItem } from '@chaveiro/contract';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

/** The dialogs a users screen opens; only 'manage' for now (spec §2). */
export type UsersDialog = 'manage';

interface UsersContextValue {
  open: UsersDialog | null;
  setOpen: (dialog: UsersDialog | null) => void;
  currentRow: UserListItem | null;
  setCurrentRow: (row: UserListItem | null) => void;
}

const UsersContext = createContext<UsersContextValue | null>(null);

/** Which dialog is open and for which row (shadcn-admin's users context). */
export function UsersProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<UsersDialog | null>(null);
  const [currentRow, setCurrentRow] = useState<UserListItem | null>(null);
  const value = useMemo(() => ({ open, setOpen, currentRow, setCurrentRow }), [open, currentRow]);
  return <UsersContext value={value}>{children}</UsersContext>;
}

// eslint-disable-next-line react-refresh/only-export-components -- the provider's own hook
export function useUsersContext(): UsersContextValue {
  const context = useContext(UsersContext);
  if (!context) throw new Error('useUsersContext must be used inside <UsersProvider>.');
  return context;
}
