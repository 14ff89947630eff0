import type { ReactNode } from 'react';

/**
 * A link to a landing section. It names `/` as well as the anchor, so the same header and footer
 * work on /terms; on the landing page itself the browser only scrolls to the section.
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
    <a href={`/#${id}`} className={className}>
      {children}
    </a>
  );
}
