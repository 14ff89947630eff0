import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/utils';

const TONES = {
  primary: 'bg-primary/10 text-primary ring-primary/20',
  success: 'bg-emerald-500/10 text-emerald-600 ring-emerald-500/20 dark:text-emerald-400',
  danger: 'bg-destructive/10 text-destructive ring-destructive/20',
} as const;

interface AuthCardProps {
  icon: LucideIcon;
  tone?: keyof typeof TONES;
  /** The page's one h1. */
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** Spins the icon (the "verifying" state). */
  busy?: boolean;
}

/** Frame of the single-purpose account pages: e-mail confirmation and password reset. */
export function AuthCard({
  icon: Icon,
  tone = 'primary',
  title,
  description,
  children,
  footer,
  busy = false,
}: AuthCardProps) {
  return (
    <Card className="w-full max-w-md gap-6 shadow-md" aria-busy={busy || undefined}>
      <CardHeader className="justify-items-center gap-3 text-center">
        <span
          className={cn(
            'flex size-14 items-center justify-center rounded-full ring-1',
            TONES[tone],
          )}
        >
          <Icon className={cn('size-7', busy && 'animate-spin')} aria-hidden />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight text-balance">{title}</h1>
        {description ? (
          <div className="text-muted-foreground text-sm text-pretty">{description}</div>
        ) : null}
      </CardHeader>
      {children ? <CardContent>{children}</CardContent> : null}
      {footer ? <CardFooter className="flex-col gap-2">{footer}</CardFooter> : null}
    </Card>
  );
}
