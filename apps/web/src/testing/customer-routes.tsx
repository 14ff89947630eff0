import { Outlet, type RouteObject } from 'react-router';
import { TooltipProvider } from '@/components/ui/tooltip';
import { OrderReceiptScreen } from '@/features/customer/orders/components/order-receipt-screen';
import { OrdersScreen } from '@/features/customer/orders/components/orders-screen';
import { ProfileScreen } from '@/features/customer/profile/components/profile-screen';
import { RedeemScreen } from '@/features/customer/redeem/components/redeem-screen';
import { ShopScreen } from '@/features/customer/shop/components/shop-screen';
import { SubscriptionsScreen } from '@/features/customer/subscriptions/components/subscriptions-screen';

/**
 * The customer screens as app/router.tsx mounts them, for tests that walk from one screen to
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
      { path: '/dashboard', Component: SubscriptionsScreen },
      { path: '/dashboard/redeem', Component: RedeemScreen },
      { path: '/dashboard/shop', Component: ShopScreen },
      { path: '/dashboard/profile', Component: ProfileScreen },
      { path: '/dashboard/orders', Component: OrdersScreen },
      { path: '/dashboard/orders/:id', Component: OrderReceiptScreen },
      { path: '*', element: <p>outra página</p> },
    ],
  },
];
