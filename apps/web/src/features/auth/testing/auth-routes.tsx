import type { RouteObject } from 'react-router';
import { authLoader } from '../auth-loader';
import { AuthScreen } from '../components/auth-screen';

/** /auth as the router wires it, plus stand-ins for the pages a login or a link leads to. */
export const authTestRoutes: RouteObject[] = [
  { path: '/auth', Component: AuthScreen, loader: authLoader, HydrateFallback: () => null },
  { path: '/admin/dashboard', element: <p>área admin</p> },
  { path: '/reseller/dashboard', element: <p>área reseller</p> },
  { path: '/dashboard', element: <p>área cliente</p> },
  { path: '/forgot-password', element: <p>esqueci a senha</p> },
];
