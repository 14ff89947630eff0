import { useSmoothScroll } from '../use-smooth-scroll';
import { LandingAbout } from './landing-about';
import { LandingFeatures } from './landing-features';
import { LandingFooter } from './landing-footer';
import { LandingHeader } from './landing-header';
import { LandingHero } from './landing-hero';
import { LandingStats } from './landing-stats';
import { LandingTestimonials } from './landing-testimonials';

/**
 * `/`: the public landing page (spec §2), prerendered at build time and hydrated by
 * public-main.tsx. It renders outside the app shell, links with plain anchors (no router) and
 * styles links with `buttonVariants` rather than `cn`, so its first load carries neither the
 * router, TanStack Query, Radix, sonner nor tailwind-merge (DESIGN.md: 120 KB gzip for `/`); the
 * newsletter form loads what it needs on demand.
 */
export function LandingPage() {
  useSmoothScroll();
  return (
    <div className="bg-background min-h-svh">
      <LandingHeader />
      <main>
        <LandingHero />
        <LandingFeatures />
        <LandingAbout />
        <LandingTestimonials />
        <LandingStats />
      </main>
      <LandingFooter />
    </div>
  );
}
