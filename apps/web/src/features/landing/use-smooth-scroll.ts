import { useLayoutEffect } from 'react';

/**
 * Section anchors on a marketing page. A link that opens the page at an anchor (`/#about`,
 * `/terms#privacidade`) lands there although the page loaded after the browser looked for it;
 * later jumps glide, unless the visitor asks for reduced motion. The class goes before the next
 * page's scroll restoration, which must jump, not glide.
 */
export function useSmoothScroll(): void {
  useLayoutEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
    const root = document.documentElement;
    root.classList.add('motion-safe:scroll-smooth');
    return () => root.classList.remove('motion-safe:scroll-smooth');
  }, []);
}
