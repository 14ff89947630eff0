import '@/lib/zod-locale';
import { Outlet } from 'react-router';
import { AppProvider } from '../provider';

/** Pathless layout route around every area but the landing page. */
export function AppShellRoute() {
  return (
    <AppProvider>
      <Outlet />
    </AppProvider>
  );
}
