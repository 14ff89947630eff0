import { createBrowserRouter, type RouteObject } from 'react-router';
import { adminRoutes } from './admin-routes';
import { customerRoutes, resellerRoutes } from './customer-routes';
import { RootRoute } from './routes/root';
import { NotFoundRoute } from './routes/not-found';
import { RouteErrorBoundary } from './routes/route-error';
import { sectionLoader } from './session-guard';

/**
 * The route table of spec §2. Every area is a lazily loaded module, so `/` downloads no admin or
 * customer code; guarded sections check the session in their loader before anything renders.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootRoute,
    ErrorBoundary: RouteErrorBoundary,
    // Shown while the first lazy module loads; the page is blank for that instant.
    HydrateFallback: () => null,
    children: [
      {
        // The public pages are prerendered (public-pages.ts) and served as their own documents;
        // these routes render them when the app itself navigates there.
        index: true,
        lazy: async () => ({
          Component: (await import('@/features/landing/components/landing-page')).LandingPage,
        }),
      },
      {
        path: 'terms',
        lazy: async () => ({
          Component: (await import('@/features/landing/components/terms-page')).TermsPage,
        }),
      },
      {
        path: 'status',
        lazy: async () => ({
          Component: (await import('@/features/landing/components/status-page')).StatusPage,
        }),
      },
      {
        // Data cache, tooltips and toasts for every area but the public pages.
        lazy: async () => ({ Component: (await import('./routes/app-shell')).AppShellRoute }),
        children: [
          {
            lazy: async () => ({
              Component: (await import('./layouts/public-layout')).PublicLayout,
            }),
            children: [
              {
                path: 'auth',
                lazy: async () => {
                  const [{ AuthScreen }, { authLoader }] = await Promise.all([
                    import('@/features/auth/components/auth-screen'),
                    import('@/features/auth/auth-loader'),
                  ]);
                  return { Component: AuthScreen, loader: authLoader };
                },
              },
              {
                path: 'verify-email',
                lazy: async () => ({
                  Component: (await import('@/features/auth/components/verify-email-screen'))
                    .VerifyEmailScreen,
                }),
              },
              {
                path: 'forgot-password',
                lazy: async () => ({
                  Component: (await import('@/features/auth/components/forgot-password-screen'))
                    .ForgotPasswordScreen,
                }),
              },
              {
                path: 'reset-password',
                lazy: async () => ({
                  Component: (await import('@/features/auth/components/reset-password-screen'))
                    .ResetPasswordScreen,
                }),
              },
            ],
          },
          {
            path: 'admin',
            loader: sectionLoader('admin'),
            lazy: async () => ({ Component: (await import('./layouts/admin-layout')).AdminLayout }),
            children: adminRoutes,
          },
          {
            path: 'dashboard',
            loader: sectionLoader('customer'),
            lazy: async () => ({
              Component: (await import('./layouts/customer-layout')).CustomerLayout,
            }),
            children: customerRoutes,
          },
          {
            path: 'reseller/dashboard',
            loader: sectionLoader('reseller'),
            lazy: async () => ({
              Component: (await import('./layouts/customer-layout')).ResellerLayout,
            }),
            children: resellerRoutes,
          },
        ],
      },
      { path: '*', Component: NotFoundRoute },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
