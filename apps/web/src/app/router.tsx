import { createBrowserRouter, replace, type RouteObject } from 'react-router';
import { EmptyScreen } from './routes/empty-screen';
import { RootRoute } from './routes/root';
import {
  AdminNotFoundRoute,
  CustomerNotFoundRoute,
  NotFoundRoute,
  ResellerNotFoundRoute,
} from './routes/not-found';
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
        // Data cache, tooltips and toasts for every area but the landing and terms pages.
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
            children: [
              { index: true, loader: () => replace('/admin/dashboard'), Component: EmptyScreen },
              {
                path: 'resellers',
                lazy: async () => ({
                  Component: (
                    await import('@/features/admin/resellers/components/resellers-screen')
                  ).ResellersScreen,
                }),
              },
              {
                path: 'bypass',
                lazy: async () => ({
                  Component: (await import('@/features/admin/bypass/components/bypass-screen'))
                    .BypassScreen,
                }),
              },
              {
                path: 'settings',
                lazy: async () => ({
                  Component: (await import('@/features/admin/settings/components/settings-screen'))
                    .SettingsScreen,
                }),
              },
              {
                path: 'dashboard',
                lazy: async () => ({
                  Component: (await import('./routes/admin-dashboard')).AdminDashboardRoute,
                }),
              },
              {
                path: 'users',
                lazy: async () => ({
                  Component: (await import('@/features/admin/users/components/users-screen'))
                    .UsersScreen,
                }),
              },
              {
                path: 'users/:id',
                lazy: async () => ({
                  Component: (await import('@/features/admin/users/components/customer-screen'))
                    .CustomerScreen,
                }),
              },
              {
                path: 'keys',
                lazy: async () => ({
                  Component: (await import('@/features/admin/keys/components/keys-screen'))
                    .KeysScreen,
                }),
              },
              {
                path: 'products',
                lazy: async () => ({
                  Component: (await import('@/features/admin/products/components/products-screen'))
                    .ProductsScreen,
                }),
              },
              {
                path: 'products/:id/keyauth',
                lazy: async () => ({
                  Component: (await import('@/features/admin/keyauth/components/keyauth-screen'))
                    .KeyAuthScreen,
                }),
              },
              {
                path: 'support',
                lazy: async () => ({
                  Component: (await import('@/features/admin/support/components/support-screen'))
                    .AdminSupportScreen,
                }),
              },
              {
                path: 'activity',
                lazy: async () => ({
                  Component: (await import('@/features/admin/activity/components/activity-screen'))
                    .ActivityScreen,
                }),
              },
              {
                path: 'outbox',
                lazy: async () => ({
                  Component: (await import('@/features/admin/outbox/components/outbox-screen'))
                    .OutboxScreen,
                }),
              },
              {
                path: 'deposits',
                lazy: async () => ({
                  Component: (await import('@/features/admin/deposits/components/deposits-screen'))
                    .DepositsScreen,
                }),
              },
              {
                path: 'api-tokens',
                lazy: async () => ({
                  Component: (await import('@/features/api-tokens/components/api-tokens-screen'))
                    .AdminApiTokensScreen,
                }),
              },
              {
                path: 'webhooks',
                lazy: async () => ({
                  Component: (await import('@/features/admin/webhooks/components/webhooks-screen'))
                    .WebhooksScreen,
                }),
              },
              {
                path: 'webhooks/:id',
                lazy: async () => ({
                  Component: (
                    await import('@/features/admin/webhooks/components/webhook-endpoint-screen')
                  ).WebhookEndpointScreen,
                }),
              },
              {
                path: 'keyauth-import',
                lazy: async () => ({
                  Component: (
                    await import('@/features/admin/keyauth-import/components/keyauth-import-screen')
                  ).KeyAuthImportScreen,
                }),
              },
              { path: '*', Component: AdminNotFoundRoute },
            ],
          },
          {
            path: 'dashboard',
            loader: sectionLoader('customer'),
            lazy: async () => ({
              Component: (await import('./layouts/customer-layout')).CustomerLayout,
            }),
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (
                    await import('@/features/customer/subscriptions/components/subscriptions-screen')
                  ).SubscriptionsScreen,
                }),
              },
              {
                path: 'redeem',
                lazy: async () => ({
                  Component: (await import('@/features/customer/redeem/components/redeem-screen'))
                    .RedeemScreen,
                }),
              },
              {
                path: 'shop',
                lazy: async () => ({
                  Component: (await import('@/features/customer/shop/components/shop-screen'))
                    .ShopScreen,
                }),
              },
              {
                path: 'orders',
                lazy: async () => ({
                  Component: (await import('@/features/customer/orders/components/orders-screen'))
                    .OrdersScreen,
                }),
              },
              {
                path: 'orders/:id',
                lazy: async () => ({
                  Component: (
                    await import('@/features/customer/orders/components/order-receipt-screen')
                  ).OrderReceiptScreen,
                }),
              },
              {
                path: 'support',
                lazy: async () => ({
                  Component: (await import('@/features/customer/support/components/support-screen'))
                    .SupportScreen,
                }),
              },
              {
                path: 'profile',
                lazy: async () => ({
                  Component: (await import('@/features/customer/profile/components/profile-screen'))
                    .ProfileScreen,
                }),
              },
              { path: '*', Component: CustomerNotFoundRoute },
            ],
          },
          {
            path: 'reseller/dashboard',
            loader: sectionLoader('reseller'),
            lazy: async () => ({
              Component: (await import('./layouts/customer-layout')).ResellerLayout,
            }),
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (
                    await import('@/features/reseller/components/reseller-dashboard-screen')
                  ).ResellerDashboardScreen,
                }),
              },
              {
                path: 'api-tokens',
                lazy: async () => ({
                  Component: (await import('@/features/api-tokens/components/api-tokens-screen'))
                    .ResellerApiTokensScreen,
                }),
              },
              { path: '*', Component: ResellerNotFoundRoute },
            ],
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
