import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

/** An honest "coming soon" page with a way forward, instead of a blank screen. */
export function ComingSoon({
  icon: Icon,
  title,
  body,
  linkTo,
  linkLabel,
}: {
  icon: LucideIcon;
  title: string;
  body: string;
  linkTo: string;
  linkLabel: string;
}) {
  return (
    <Card className="mx-auto mt-6 max-w-lg text-center">
      <CardContent className="flex flex-col items-center gap-4">
        <span className="bg-primary/10 text-primary flex size-12 items-center justify-center rounded-full">
          <Icon className="size-6" aria-hidden />
        </span>
        <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
        <p className="text-muted-foreground text-sm">{body}</p>
        <Button asChild>
          <Link to={linkTo}>{linkLabel}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
