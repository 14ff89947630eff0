import { Button } from '@/components/ui/button';
import { UserLink } from '@/components/user-link';
import { formatDateTime, formatRelative } from '@/lib/format';
import { ActivityTargetLink } from './activity-target-link';
import { ActivityTypeBadge } from './activity-type-badge';
import { useActivityTimeline } from './use-activity-timeline';

/**
 * A user's timeline: what they did and what was done to them (the audit log's lines naming them
 * as actor or target), newest first, with "Carregar mais" for older lines.
 */
export function ActivityTimeline({ userId }: { userId: string }) {
  const timeline = useActivityTimeline(userId);
  const items = timeline.data?.pages.flatMap((page) => page.items) ?? [];

  if (timeline.isPending) {
    return <p className="text-muted-foreground text-sm">Carregando...</p>;
  }
  if (timeline.isError && items.length === 0) {
    return <p className="text-destructive text-sm">Erro ao carregar o histórico.</p>;
  }
  if (items.length === 0) {
    return <p className="text-muted-foreground text-sm">Nenhuma atividade registrada.</p>;
  }
  return (
    <div className="grid gap-3">
      <ol className="grid gap-3 border-l pl-4" aria-label="Histórico de atividades">
        {items.map((item) => {
          const at = new Date(item.created_at);
          return (
            <li key={item.id} className="relative grid min-w-0 gap-1 text-sm">
              <span
                aria-hidden
                className="bg-muted-foreground/40 absolute top-1.5 -left-[1.3rem] size-2 rounded-full"
              />
              <div className="flex flex-wrap items-center gap-2">
                <ActivityTypeBadge type={item.type} />
                <time dateTime={item.created_at} className="text-muted-foreground text-xs">
                  {formatDateTime(at)} · {formatRelative(at)}
                </time>
              </div>
              <p className="break-words">{item.action}</p>
              <p className="text-muted-foreground flex flex-wrap gap-x-3 text-xs">
                <span>
                  Por{' '}
                  {item.actor ? (
                    <UserLink id={item.actor.id} username={item.actor.username} />
                  ) : (
                    'Sistema'
                  )}
                </span>
                {item.target ? (
                  <span>
                    Alvo: <ActivityTargetLink target={item.target} />
                  </span>
                ) : null}
                {item.ip ? <span>IP {item.ip}</span> : null}
              </p>
            </li>
          );
        })}
      </ol>
      {timeline.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-start"
          disabled={timeline.isFetchingNextPage}
          onClick={() => void timeline.fetchNextPage()}
        >
          {timeline.isFetchingNextPage ? 'Carregando...' : 'Carregar mais'}
        </Button>
      ) : null}
    </div>
  );
}
