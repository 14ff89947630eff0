import { Outlet, type RouteObject } from 'react-router';
import { CustomerShopRoute } from '@/app/routes/customer-shop';
import { CustomerSubscriptionsRoute } from '@/app/routes/customer-subscriptions';
import { TooltipProvider } from '@/components/ui/tooltip';
import { OrderReceiptScreen } from '@/features/customer/orders/components/order-receipt-screen';
import { OrdersScreen } from '@/features/customer/orders/components/orders-screen';
import { ProfileScreen } from '@/features/customer/profile/components/profile-screen';
import { RedeemScreen } from '@/features/customer/redeem/components/redeem-screen';

/**
 * The customer screens as app/customer-routes.ts mounts them, for tests that walk from one screen to
 * another (a purchase in the shop lands on the subscriptions), with tooltips that open at once.
 */
export const customerTestRoutes: RouteObject[] = [
  {
    element: (
      <TooltipProvider delayDuration={0}>
        <Outlet />
      </TooltipProvider>
    ),
    children: [
      { path: '/dashboard', Component: CustomerSubscriptionsRoute },
      { path: '/dashboard/redeem', Component: RedeemScreen },
      { path: '/dashboard/shop', Component: CustomerShopRoute },
      { path: '/dashboard/profile', Component: ProfileScreen },
      { path: '/dashboard/orders', Component: OrdersScreen },
      { path: '/dashboard/orders/:id', Component: OrderReceiptScreen },
      { path: '*', element: <p>outra página</p> },
    ],
  },
];
