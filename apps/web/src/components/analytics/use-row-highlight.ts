import { useState, type KeyboardEvent } from 'react';

/**
 * The row a keyboard user highlights on a chart (one tab stop): arrows move it, Home and End
 * jump, Escape clears; null when none is highlighted.
 */
export function useRowHighlight(rowCount: number) {
  const [active, setActive] = useState<number | null>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const last = rowCount - 1;
    if (last < 0) return;
    let next: number | null;
    switch (event.key) {
      case 'ArrowRight':
      case 'ArrowDown':
        next = active === null ? 0 : Math.min(last, active + 1);
        break;
      case 'ArrowLeft':
      case 'ArrowUp':
        next = active === null ? last : Math.max(0, active - 1);
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = last;
        break;
      case 'Escape':
        next = null;
        break;
      default:
        return;
    }
    event.preventDefault();
    setActive(next);
  };

  return { active, setActive, onKeyDown };
}
