import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

interface PageHeaderProps {
  title: ReactNode;
  subtitle: ReactNode;
  /** `h2` where the screen sits under a heading of its own shell (the admin keys and products). */
  level?: 'h1' | 'h2';
  subtitleClassName?: string;
}

/** A screen's title and the one line under it that says what the screen is for. */
export function PageHeader({ title, subtitle, level = 'h1', subtitleClassName }: PageHeaderProps) {
  const Heading = level;
  return (
    <div>
      <Heading className="text-2xl font-semibold tracking-tight">{title}</Heading>
      <p className={cn('text-muted-foreground mt-1 text-sm', subtitleClassName)}>{subtitle}</p>
    </div>
  );
}
