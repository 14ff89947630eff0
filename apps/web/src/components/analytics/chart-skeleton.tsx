import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** A chart card's place while its numbers (or the chart code) load. */
export function ChartSkeleton({ height = 240 }: { height?: number }) {
  return (
    <Card className="min-w-0 gap-4" aria-hidden>
      <CardHeader>
        <Skeleton className="h-5 w-40" />
      </CardHeader>
      <CardContent>
        <Skeleton style={{ height }} className="w-full" />
      </CardContent>
    </Card>
  );
}
