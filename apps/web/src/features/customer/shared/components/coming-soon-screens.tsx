import { LifeBuoy, ShoppingBag } from 'lucide-react';
import { texts } from '../lib/texts';
import { ComingSoon } from './coming-soon';

const t = texts.comingSoon;

export function ShopScreen() {
  return (
    <ComingSoon
      icon={ShoppingBag}
      title={t.shopTitle}
      body={t.shop}
      linkTo="/dashboard/redeem"
      linkLabel={t.shopLink}
    />
  );
}

export function SupportScreen() {
  return (
    <ComingSoon
      icon={LifeBuoy}
      title={t.supportTitle}
      body={t.support}
      linkTo="/dashboard"
      linkLabel={t.supportLink}
    />
  );
}
