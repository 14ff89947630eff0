import { replace, type RouteObject } from 'react-router';
import { EmptyScreen } from './routes/empty-screen';
import { AdminNotFoundRoute } from './routes/not-found';

/** /admin's screens (spec §2), each a lazily loaded module inside the admin layout. */
export const adminRoutes: RouteObject[] = [
  { index: true, loader: () => replace('/admin/dashboard'), Component: EmptyScreen },
  {
    path: 'resellers',
    lazy: async () => ({
      Component: (await import('@/features/admin/resellers/components/resellers-screen'))
        .ResellersScreen,
    }),
  },
  {
    path: 'bypass',
    lazy: async () => ({
      Component: (await import('@/features/admin/bypass/components/bypass-screen')).BypassScreen,
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
      Component: (await import('@/features/admin/users/components/users-screen')).UsersScreen,
    }),
  },
  {
    path: 'users/:id',
    lazy: async () => ({
      Component: (await import('@/features/admin/users/components/customer-screen')).CustomerScreen,
    }),
  },
  {
    path: 'keys',
    lazy: async () => ({
      Component: (await import('@/features/admin/keys/components/keys-screen')).KeysScreen,
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
      Component: (await import('@/features/admin/keyauth/components/keyauth-screen')).KeyAuthScreen,
    }),
  },
  {
    path: 'security',
    lazy: async () => ({
      Component: (await import('@/features/admin/security/components/security-screen'))
        .SecurityScreen,
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
      Component: (await import('@/features/admin/outbox/components/outbox-screen')).OutboxScreen,
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
      Component: (await import('@/features/admin/webhooks/components/webhook-endpoint-screen'))
        .WebhookEndpointScreen,
    }),
  },
  {
    path: 'keyauth-import',
    lazy: async () => ({
      Component: (await import('@/features/admin/keyauth-import/components/keyauth-import-screen'))
        .KeyAuthImportScreen,
    }),
  },
  { path: '*', Component: AdminNotFoundRoute },
];
