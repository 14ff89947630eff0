import { LandingAbout } from './landing-about';
import { LandingFeatures } from './landing-features';
import { Island } from './island';
import { LandingFooter } from './landing-footer';
import { LandingHeader } from './landing-header';
import { LandingHero } from './landing-hero';
import { LandingStats } from './landing-stats';
import { LandingTestimonials } from './landing-testimonials';
import { SmoothScroll } from './smooth-scroll';

/**
 * `/`: the public landing page (spec §2), prerendered at build time; public-main.tsx hydrates
 * only its islands (islands.ts). It renders outside the app shell, links with plain anchors (no
 * router) and styles links with `buttonVariants` rather than `cn`, so its first load carries
 * neither the router, TanStack Query, Radix, sonner nor tailwind-merge (DESIGN.md: 120 KB gzip
 * for `/`); the newsletter form loads what it needs on demand.
 */
export function LandingPage() {
  return (
    <div className="bg-background min-h-svh">
      <Island name="smooth-scroll">
        <SmoothScroll />
      </Island>
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
