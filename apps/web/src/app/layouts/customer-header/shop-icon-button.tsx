import { ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { headerTexts as t } from './texts';

export function ShopIconButton() {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        {/* On phones the drawer's Loja entry leads there: the room goes to the balance. */}
        <Button variant="ghost" size="icon" asChild className="max-sm:hidden">
          <Link to="/dashboard/shop" aria-label={t.shop}>
            <ShoppingBag />
          </Link>
        </Button>
      </TooltipTrigger>
      <TooltipContent>{t.shop}</TooltipContent>
    </Tooltip>
  );
}
