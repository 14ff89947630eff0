import { STATUS_TEXT } from '../status-content';
import { Island } from './island';
import { LandingFooter } from './landing-footer';
import { LandingHeader } from './landing-header';
import { StatusBoard } from './status-board';

/**
 * `/status`: whether each product on sale works now and how its last 90 days went, for anyone
 * (no login). Prerendered like `/`, with the landing's header and footer; the board paints as a
 * skeleton from the HTML and fills itself in once its island has hydrated.
 */
export function StatusPage() {
  return (
    <div className="bg-background min-h-svh">
      <LandingHeader />
      <main>
        <div className="bg-muted/40 border-b">
          <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
            <p className="text-primary text-sm font-semibold tracking-wide uppercase">
              {STATUS_TEXT.eyebrow}
            </p>
            <h1 className="mt-3 text-4xl font-semibold tracking-tight sm:text-5xl">
              {STATUS_TEXT.title}
            </h1>
            <p className="text-muted-foreground mt-4 max-w-2xl text-lg text-pretty">
              {STATUS_TEXT.intro}
            </p>
          </div>
        </div>
        <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
          <Island name="status-board">
            <StatusBoard />
          </Island>
        </div>
      </main>
      <LandingFooter />
    </div>
  );
}
