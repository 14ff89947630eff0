import { RANKS, type ClientDashboard } from '@chaveiro/contract';
import { Check } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from '@/components/ui/sheet';
import { cn } from '@/lib/utils';
import { texts as t } from '../texts';
import { RankIcon } from './rank-icon';

type Rank = ClientDashboard['rank'];

function RanksSheetList({ current }: { current: string }) {
  return (
    <ol className="grid gap-2 px-4 pb-6">
      {RANKS.map((rank) => {
        const isCurrent = rank.name === current;
        return (
          <li
            key={rank.name}
            aria-current={isCurrent ? 'true' : undefined}
            className={cn(
              'flex items-center gap-3 rounded-lg border p-3',
              isCurrent && 'border-primary bg-primary/5 ring-primary/20 ring-2',
            )}
          >
            <RankIcon rank={rank.name} />
            <div className="min-w-0 flex-1">
              <p className="font-medium">{rank.name}</p>
              <p className="text-muted-foreground text-xs">{t.fromXp(rank.xp)}</p>
            </div>
            {isCurrent ? (
              <span className="text-primary inline-flex items-center gap-1 text-xs font-medium">
                <Check className="size-3.5" aria-hidden />
                {t.currentRank}
              </span>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/** Rank, XP from the server, what the next rank needs, and every rank in a side sheet. */
export function LoyaltyPanel({ rank }: { rank: Rank }) {
  return (
    <Card className="gap-4" aria-labelledby="loyalty-title">
      <CardHeader>
        <CardTitle id="loyalty-title" className="text-base">
          {t.loyalty}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-center gap-3">
          <RankIcon rank={rank.rank} className="size-12" />
          <div>
            <p className="text-lg font-semibold">{rank.rank}</p>
            <p className="text-muted-foreground text-sm tabular-nums">{t.xp(rank.xp)}</p>
          </div>
        </div>
        <div className="grid gap-2">
          <Progress value={rank.progress} aria-valuenow={rank.progress} aria-label={t.loyalty} />
          <p className="text-muted-foreground text-sm">
            {rank.next ? t.toNext(rank.next.remaining, rank.next.rank) : t.topRank}
          </p>
        </div>
        <Sheet>
          <SheetTrigger asChild>
            <Button variant="outline" size="sm" className="justify-self-start">
              {t.seeRanks}
            </Button>
          </SheetTrigger>
          <SheetContent side="right" className="w-full sm:max-w-sm">
            <SheetHeader>
              <SheetTitle>{t.ranksTitle}</SheetTitle>
              <SheetDescription>{t.ranksBody}</SheetDescription>
            </SheetHeader>
            <RanksSheetList current={rank.rank} />
          </SheetContent>
        </Sheet>
      </CardContent>
    </Card>
  );
}
