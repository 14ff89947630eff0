import {
  ANALYTICS_LIMITS,
  analyticsMessages,
  analyticsQuerySchema,
  type AnalyticsQuery,
} from '@chaveiro/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** The URL's names: `?periodo=7|30|90`, or `?de=AAAA-MM-DD&ate=AAAA-MM-DD`. */
export const PERIOD_PARAMS = { preset: 'periodo', from: 'de', to: 'ate' } as const;

export type Preset = (typeof ANALYTICS_LIMITS.presets)[number];

export type Period =
  { kind: 'preset'; days: Preset } | { kind: 'custom'; from: string; to: string };

const DEFAULT_PERIOD: Period = { kind: 'preset', days: ANALYTICS_LIMITS.defaultDays as Preset };

const saoPauloDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today as `AAAA-MM-DD` in São Paulo, the calendar the server counts days in. */
export function today(): string {
  return saoPauloDay.format(new Date());
}

/**
 * Why a custom range cannot be asked for (the contract's pt-BR messages), or null. The server
 * checks the same; asking first spares a round trip and says which field is wrong.
 */
export function rangeError(from: string, to: string, now = today()): string | null {
  const parsed = analyticsQuerySchema.safeParse({ from: from || undefined, to: to || undefined });
  if (!parsed.success) return parsed.error.issues[0]?.message ?? null;
  if (to > now) return analyticsMessages.futureTo;
  return null;
}

/** The period a URL asks for; a missing or unreadable one is the default (30 days). */
export function periodFromParams(params: URLSearchParams): Period {
  const from = params.get(PERIOD_PARAMS.from);
  const to = params.get(PERIOD_PARAMS.to);
  if (from !== null && to !== null && rangeError(from, to) === null) {
    return { kind: 'custom', from, to };
  }
  const days = Number(params.get(PERIOD_PARAMS.preset));
  const preset = ANALYTICS_LIMITS.presets.find((value) => value === days);
  return preset ? { kind: 'preset', days: preset } : DEFAULT_PERIOD;
}

/** What the API is sent for a period: `period=30`, or `from=…&to=…`. */
export function periodQuery(period: Period): AnalyticsQuery {
  return period.kind === 'preset'
    ? { period: String(period.days) as AnalyticsQuery['period'] }
    : { from: period.from, to: period.to };
}

/** The selected period, held in the URL so a copied link reopens the same view. */
export function usePeriodParam() {
  const [params, setParams] = useSearchParams();
  const period = useMemo(() => periodFromParams(params), [params]);
  const setPeriod = useCallback(
    (next: Period) => {
      setParams(
        (previous) => {
          const search = new URLSearchParams(previous);
          for (const name of Object.values(PERIOD_PARAMS)) search.delete(name);
          if (next.kind === 'custom') {
            search.set(PERIOD_PARAMS.from, next.from);
            search.set(PERIOD_PARAMS.to, next.to);
          } else if (next.days !== ANALYTICS_LIMITS.defaultDays) {
            search.set(PERIOD_PARAMS.preset, String(next.days));
          }
          return search;
        },
        { preventScrollReset: true },
      );
    },
    [setParams],
  );
  return { period, setPeriod };
}
