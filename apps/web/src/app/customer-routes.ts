import type { RouteObject } from 'react-router';
import { CustomerNotFoundRoute, ResellerNotFoundRoute } from './routes/not-found';

/**
 * /dashboard's screens (spec §2), each a lazily loaded module inside the customer layout. Screens
 * that show several features (the shop with the checkout and the deposit, the subscriptions with
 * "Renovar") are composed in routes/.
 */
export const customerRoutes: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({
      Component: (await import('./routes/customer-subscriptions')).CustomerSubscriptionsRoute,
    }),
  },
  {
    path: 'redeem',
    lazy: async () => ({
      Component: (await import('@/features/customer/redeem/components/redeem-screen')).RedeemScreen,
    }),
  },
  {
    path: 'shop',
    lazy: async () => ({
      Component: (await import('./routes/customer-shop')).CustomerShopRoute,
    }),
  },
  {
    path: 'orders',
    lazy: async () => ({
      Component: (await import('@/features/customer/orders/components/orders-screen')).OrdersScreen,
    }),
  },
  {
    path: 'orders/:id',
    lazy: async () => ({
      Component: (await import('@/features/customer/orders/components/order-receipt-screen'))
        .OrderReceiptScreen,
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
];

/** /reseller/dashboard's screens, in the same layout (resellers only). */
export const resellerRoutes: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({
      Component: (await import('@/features/reseller/components/reseller-dashboard-screen'))
        .ResellerDashboardScreen,
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
];
