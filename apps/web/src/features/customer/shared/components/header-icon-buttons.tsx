import { ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { texts } from '../lib/texts';

const t = texts.header;

export function ShopIconButton() {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="ghost" size="icon" asChild>
          <Link to="/dashboard/shop" aria-label={t.shop}>
            <ShoppingBag />
          </Link>
        </Button>
      </TooltipTrigger>
      <TooltipContent>{t.shop}</TooltipContent>
    </Tooltip>
  );
}
