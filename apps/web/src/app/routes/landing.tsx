import { LandingAbout } from '@/features/landing/components/landing-about';
import { LandingFeatures } from '@/features/landing/components/landing-features';
import { LandingFooter } from '@/features/landing/components/landing-footer';
import { LandingHeader } from '@/features/landing/components/landing-header';
import { LandingHero } from '@/features/landing/components/landing-hero';
import { LandingStats } from '@/features/landing/components/landing-stats';
import { LandingTestimonials } from '@/features/landing/components/landing-testimonials';
import { useSmoothScroll } from '@/features/landing/use-smooth-scroll';

/**
 * `/`: the public landing page (spec §2). It renders outside the app shell and styles links with
 * `buttonVariants` rather than `cn`, so its first load carries neither TanStack Query, Radix,
 * sonner nor tailwind-merge (DESIGN.md: 120 KB gzip for `/`); the newsletter form loads what it
 * needs on demand.
 */
export function LandingRoute() {
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
