import type { ShopPlan, ShopProduct } from '@chaveiro/contract';
import { useState } from 'react';
import { CheckoutDialog } from '@/features/customer/checkout/components/checkout-dialog';
import { ShopScreen } from '@/features/customer/shop/components/shop-screen';
import { DepositDialog } from '@/features/customer/wallet/components/deposit-dialog';

/**
 * /dashboard/shop (spec §2): the shop's products, and over them the checkout (a card's
 * "Comprar") and the wallet's deposit ("Adicionar saldo"), features of their own.
 */
export function CustomerShopRoute() {
  const [buying, setBuying] = useState<{ product: ShopProduct; plan: ShopPlan } | null>(null);
  const [depositOpen, setDepositOpen] = useState(false);
  return (
    <>
      <ShopScreen
        onBuy={(product, plan) => setBuying({ product, plan })}
        onDeposit={() => setDepositOpen(true)}
      />
      {buying ? (
        <CheckoutDialog
          product={buying.product}
          plan={buying.plan}
          onClose={() => setBuying(null)}
        />
      ) : null}
      <DepositDialog trigger={null} open={depositOpen} onOpenChange={setDepositOpen} />
    </>
  );
}
