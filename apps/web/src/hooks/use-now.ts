import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `intervalMs` until `tickUntil` (epoch ms) has passed; null
 * means nothing to count down. One timer serves a whole list.
 */
export function useNow(tickUntil: number | null, intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (tickUntil === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= tickUntil) clearInterval(timer);
    }, intervalMs);
    return () => clearInterval(timer);
  }, [tickUntil, intervalMs]);
  return now;
}
