import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A link to a landing section. It names `/` as well as the anchor, so the same header and footer
 * work on /terms; on the landing page the router's scroll restoration scrolls to the section.
 */
export function SectionLink({
  id,
  className,
  children,
}: {
  id: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link to={{ pathname: '/', hash: `#${id}` }} className={className}>
      {children}
    </Link>
  );
}
