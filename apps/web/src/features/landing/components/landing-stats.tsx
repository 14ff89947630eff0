import { ArrowRight } from 'lucide-react';
import { FIGURES } from '../landing-content';

const STATS = [FIGURES.years, FIGURES.users, FIGURES.growth, FIGURES.support] as const;

/** The closing band: the company's figures and a last call to sign up. */
export function LandingStats() {
  return (
    <section aria-labelledby="stats-title" className="px-4 pb-20 sm:px-6 sm:pb-28">
      <div className="relative isolate mx-auto max-w-6xl overflow-hidden rounded-3xl bg-indigo-950 px-6 py-14 text-white shadow-xl sm:px-12 sm:py-16">
        <div
          aria-hidden
          className="absolute inset-0 -z-10 bg-radial-[at_100%_0%] from-violet-500/40 via-transparent to-transparent"
        />
        <div
          aria-hidden
          className="absolute inset-0 -z-10 bg-radial-[at_0%_100%] from-indigo-500/30 via-transparent to-transparent"
        />
        <div className="grid items-center gap-12 lg:grid-cols-[1fr_1.2fr]">
          <div>
            <h2 id="stats-title" className="text-3xl font-semibold tracking-tight text-balance">
              Números que mostram a nossa seriedade
            </h2>
            <p className="mt-4 text-indigo-100">
              Crie sua conta em menos de um minuto e resgate sua primeira licença hoje mesmo.
            </p>
            <a
              href="/auth?tab=cadastro"
              className="mt-8 inline-flex h-10 items-center gap-2 rounded-md bg-white px-5 text-sm font-semibold text-indigo-950 shadow-sm transition-colors outline-none hover:bg-indigo-50 focus-visible:ring-[3px] focus-visible:ring-white/60"
            >
              Começar agora
              <ArrowRight className="size-4" aria-hidden />
            </a>
          </div>
          <dl className="grid grid-cols-2 gap-4">
            {STATS.map((stat) => (
              <div
                key={stat.label}
                className="flex flex-col rounded-2xl bg-white/5 px-5 py-6 ring-1 ring-white/10"
              >
                <dt className="mt-1 text-sm text-indigo-100">{stat.label}</dt>
                <dd className="order-first text-3xl font-semibold tracking-tight sm:text-4xl">
                  {stat.value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </section>
  );
}
