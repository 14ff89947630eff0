import { Fragment } from 'react';
import type { ChartSpec } from './chart-spec';

/** The charts of an analytics screen, two a row on large screens, in the order described. */
export function ChartGrid({ charts }: { charts: readonly ChartSpec[] }) {
  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-2">
      {charts.map((spec) => (
        <Fragment key={spec.title}>{spec.render()}</Fragment>
      ))}
    </div>
  );
}
