import type { BypassRegion } from '@chaveiro/contract';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { bypassTexts } from '../texts';

/** One hue per region, dark text on light and light text on dark so both themes read well. */
const TONES: Record<BypassRegion, string> = {
  BR: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-700 dark:text-emerald-300',
  NA: 'border-sky-500/40 bg-sky-500/10 text-sky-700 dark:text-sky-300',
  EU: 'border-violet-500/40 bg-violet-500/10 text-violet-700 dark:text-violet-300',
  ASIA: 'border-amber-500/40 bg-amber-500/10 text-amber-800 dark:text-amber-300',
  unknown: 'text-muted-foreground',
};

export function BypassRegionBadge({ region }: { region: BypassRegion }) {
  return (
    <Badge variant="outline" className={cn(TONES[region])} title={bypassTexts.regions[region]}>
      {bypassTexts.regionBadge[region]}
    </Badge>
  );
}
