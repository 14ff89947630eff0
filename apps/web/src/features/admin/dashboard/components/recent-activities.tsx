import { History } from 'lucide-react';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useRecentActivities } from '../api/get-recent-activities';
import { formatDateTimeAt, formatRelative } from '@/lib/format';

/** The latest activity lines: action text and a relative pt-BR timestamp (spec §2). */
export function RecentActivities() {
  const activities = useRecentActivities();

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Atividades recentes</CardTitle>
        <CardDescription>As últimas ações registradas no painel.</CardDescription>
      </CardHeader>
      <CardContent>
        {activities.isError && !activities.data ? (
          <LoadErrorAlert error={activities.error} />
        ) : activities.isPending ? (
          <div className="grid gap-3">
            {Array.from({ length: 5 }, (_, index) => (
              <Skeleton key={index} className="h-10 w-full" />
            ))}
          </div>
        ) : activities.data.length === 0 ? (
          <p className="text-muted-foreground text-sm">Nenhuma atividade registrada ainda.</p>
        ) : (
          <ol
            className="max-h-[400px] divide-y overflow-y-auto"
            aria-label="Atividades recentes"
            // Scrolls: keyboard users must be able to reach it (axe scrollable-region-focusable).
            tabIndex={0}
          >
            {activities.data.map((activity) => {
              const at = new Date(activity.created_at);
              return (
                <li key={activity.id} className="flex items-start gap-3 py-2.5">
                  <History className="text-muted-foreground mt-0.5 size-4 shrink-0" aria-hidden />
                  <div className="min-w-0 flex-1">
                    <p className="text-sm break-words">{activity.action}</p>
                    <time
                      dateTime={activity.created_at}
                      title={formatDateTimeAt(at)}
                      className="text-muted-foreground text-xs"
                    >
                      {formatRelative(at)}
                    </time>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
