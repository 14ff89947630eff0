import { LandingHeader } from '@/features/landing/components/landing-header';
import { LandingHero } from '@/features/landing/components/landing-hero';

/**
 * `/`: the public landing page (the landing issue adds its remaining sections). It renders outside
 * the app shell and styles links with `buttonVariants` rather than `cn`, so its first load carries
 * neither TanStack Query, Radix, sonner nor tailwind-merge (DESIGN.md: 120 KB gzip for `/`).
 */
export function LandingRoute() {
  return (
    <div className="bg-background min-h-svh">
      <LandingHeader />
      <main>
        <LandingHero />
      </main>
    </div>
  );
}
