import { Award, Crown, Gem, Medal, Shield, Trophy, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

const RANK_STYLES: Record<string, { icon: LucideIcon; className: string }> = {
  Bronze: { icon: Shield, className: 'bg-amber-700/15 text-amber-700 dark:text-amber-500' },
  Prata: { icon: Medal, className: 'bg-slate-400/20 text-slate-600 dark:text-slate-300' },
  Ouro: { icon: Award, className: 'bg-yellow-400/20 text-yellow-600 dark:text-yellow-400' },
  Platina: { icon: Trophy, className: 'bg-cyan-400/15 text-cyan-700 dark:text-cyan-300' },
  Diamante: { icon: Gem, className: 'bg-sky-400/15 text-sky-600 dark:text-sky-300' },
  Mestre: { icon: Crown, className: 'bg-fuchsia-500/15 text-fuchsia-600 dark:text-fuchsia-300' },
};

export function RankIcon({ rank, className }: { rank: string; className?: string }) {
  const style = RANK_STYLES[rank] ?? RANK_STYLES.Bronze!;
  const Icon = style.icon;
  return (
    <span
      aria-hidden
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-full',
        style.className,
        className,
      )}
    >
      <Icon className="size-5" />
    </span>
  );
}
