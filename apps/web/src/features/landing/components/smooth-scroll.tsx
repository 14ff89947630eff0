import { useSmoothScroll } from '../use-smooth-scroll';

/** The section anchors' behaviour (useSmoothScroll) as a component, so a page can make it an island. */
export function SmoothScroll() {
  useSmoothScroll();
  return null;
}
