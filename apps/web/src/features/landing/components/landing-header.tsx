import { labels } from '@chaveiro/contract';
import { Brand } from '@/components/layout/brand';
import { buttonVariants } from '@/components/ui/button-variants';
import { NAV_SECTIONS } from '../landing-content';
import { Island } from './island';
import { LandingThemeToggle } from './landing-theme-toggle';
import { SectionLink } from './section-link';

export function LandingHeader() {
  return (
    <header className="bg-background/80 supports-[backdrop-filter]:bg-background/70 sticky top-0 z-30 border-b backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-4 sm:gap-2 sm:px-6">
        <a
          href="/"
          aria-label="Chaveiro, início"
          className="focus-visible:ring-ring/50 mr-auto rounded-md outline-none focus-visible:ring-[3px]"
        >
          <Brand />
        </a>
        <nav aria-label="Seções" className="mr-4 hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV_SECTIONS.map((section) => (
              <li key={section.id}>
                <SectionLink
                  id={section.id}
                  className="text-muted-foreground hover:text-foreground focus-visible:ring-ring/50 rounded-md px-3 py-2 text-sm font-medium transition-colors outline-none focus-visible:ring-[3px]"
                >
                  {section.label}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>
        <Island name="theme-toggle">
          <LandingThemeToggle />
        </Island>
        <a href="/auth" className={buttonVariants({ variant: 'ghost' })}>
          {labels.landing.login}
        </a>
        <a href="/auth?tab=cadastro" className={buttonVariants()}>
          {labels.landing.register}
        </a>
      </div>
    </header>
  );
}
