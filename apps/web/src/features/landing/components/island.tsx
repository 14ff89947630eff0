import { useContext, type ReactElement } from 'react';
import { IslandCollector } from '../island-collector';
import type { IslandName } from '../islands';

/**
 * An interactive part of a public page, named in the registry (islands.ts). At build time it
 * leaves an empty placeholder that public-render.ts fills with the element rendered as a React
 * root of its own, as the browser hydrates it; its props go along as JSON.
 */
export function Island({ name, children }: { name: IslandName; children: ReactElement }) {
  const collected = useContext(IslandCollector);
  if (!collected) return children;
  collected.push(children);
  return (
    <div
      data-island={name}
      data-island-props={JSON.stringify(children.props)}
      className="contents"
    />
  );
}
