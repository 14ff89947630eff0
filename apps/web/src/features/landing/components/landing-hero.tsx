import { ArrowRight, Check, Gauge, KeyRound, ShieldCheck } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants';
import { FIGURES, SECTIONS } from '../landing-content';
import { RatingStars } from './rating-stars';

const PROMISES = ['Ativação imediata', 'Vínculo seguro por HWID', 'Pausa quando quiser'] as const;

export function LandingHero() {
  return (
    <section
      id={SECTIONS.hero.id}
      aria-labelledby="hero-title"
      className="relative isolate scroll-mt-16 overflow-hidden"
    >
      <div
        aria-hidden
        className="from-primary/20 absolute inset-x-0 top-0 -z-10 h-[40rem] bg-radial-[at_70%_0%] via-transparent to-transparent dark:from-indigo-500/25"
      />
      <div
        aria-hidden
        className="absolute inset-0 -z-20 bg-[linear-gradient(to_right,var(--border)_1px,transparent_1px),linear-gradient(to_bottom,var(--border)_1px,transparent_1px)] [mask-image:radial-gradient(ellipse_at_top,black_30%,transparent_70%)] bg-[size:3.5rem_3.5rem] opacity-60"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-14 px-4 pt-16 pb-20 sm:px-6 sm:pt-24 lg:grid-cols-[1.1fr_1fr] lg:gap-12 lg:pb-28">
        <div className="text-center lg:text-left">
          <p className="bg-background/80 text-foreground mx-auto inline-flex items-center gap-2 rounded-full border px-3 py-1 text-xs font-medium shadow-xs lg:mx-0">
            <span className="size-2 rounded-full bg-emerald-500" aria-hidden />
            Plataforma brasileira · {FIGURES.years.value} anos no mercado
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl font-semibold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            Licenças premium com{' '}
            <span className="bg-gradient-to-r from-indigo-600 to-violet-600 bg-clip-text text-transparent dark:from-indigo-300 dark:to-violet-300">
              segurança total
            </span>
          </h1>
          <p className="text-muted-foreground mx-auto mt-6 max-w-xl text-lg text-pretty lg:mx-0">
            Compre, resgate e gerencie suas assinaturas em um só lugar. Sua chave é ativada na hora,
            vinculada aos seus dispositivos e protegida do primeiro ao último dia.
          </p>
          <div className="mt-9 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <a href="/auth?tab=cadastro" className={buttonVariants({ size: 'lg' })}>
              Criar minha conta grátis
              <ArrowRight aria-hidden />
            </a>
            <a
              href={`/#${SECTIONS.features.id}`}
              className={buttonVariants({ size: 'lg', variant: 'outline' })}
            >
              Conhecer os recursos
            </a>
          </div>
          <ul className="text-muted-foreground mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm lg:justify-start">
            {PROMISES.map((promise) => (
              <li key={promise} className="flex items-center gap-1.5">
                <Check className="size-4 text-emerald-600 dark:text-emerald-400" aria-hidden />
                {promise}
              </li>
            ))}
          </ul>
          <div className="mt-8 flex items-center justify-center gap-3 lg:justify-start">
            <RatingStars rating={5} />
            <p className="text-muted-foreground text-sm">
              <strong className="text-foreground font-semibold">{FIGURES.rating.value}</strong> de{' '}
              {FIGURES.reviews.value} avaliações
            </p>
          </div>
        </div>
        <LicencePreview />
      </div>
    </section>
  );
}

/** A drawn example of the customer panel: what a buyer gets, without a screenshot to download. */
function LicencePreview() {
  return (
    <div
      role="img"
      aria-label="Exemplo do painel do cliente: assinatura ativa, 23 dias restantes e 1 de 2 dispositivos vinculados"
      className="relative mx-auto w-full max-w-md lg:max-w-none"
    >
      <div
        aria-hidden
        className="absolute -inset-6 -z-10 rounded-[2rem] bg-gradient-to-tr from-indigo-500/20 via-violet-500/10 to-transparent blur-2xl"
      />
      <div className="bg-card text-card-foreground rounded-2xl border p-5 shadow-2xl shadow-indigo-950/10 sm:p-6">
        <div className="flex items-center justify-between gap-3">
          <div className="flex items-center gap-3">
            <span className="flex size-10 items-center justify-center rounded-xl bg-indigo-600 text-white shadow-sm">
              <KeyRound className="size-5" aria-hidden />
            </span>
            <div>
              <p className="font-semibold">Produto Premium</p>
              <p className="text-muted-foreground text-sm">Plano mensal</p>
            </div>
          </div>
          <span className="rounded-full bg-emerald-500/15 px-2.5 py-1 text-xs font-semibold text-emerald-700 dark:text-emerald-300">
            Ativa
          </span>
        </div>

        <div className="bg-muted/60 mt-5 flex items-center gap-2 rounded-lg border px-3 py-2.5">
          <KeyRound className="text-muted-foreground size-4 shrink-0" aria-hidden />
          <span className="truncate font-mono text-sm tracking-[0.2em]">K7Q2XM4P8D2LZ5R9TA</span>
        </div>

        <div className="mt-5">
          <div className="flex items-baseline justify-between text-sm">
            <span className="text-muted-foreground">Tempo restante</span>
            <span className="font-semibold">23 dias e 14 h</span>
          </div>
          <div className="bg-muted mt-2 h-2 overflow-hidden rounded-full">
            <div className="h-full w-[78%] rounded-full bg-gradient-to-r from-indigo-600 to-violet-500" />
          </div>
        </div>

        <div className="mt-5 grid grid-cols-2 gap-3 text-sm">
          <div className="rounded-lg border p-3">
            <p className="text-muted-foreground">Dispositivos</p>
            <p className="mt-1 font-semibold">1 de 2</p>
          </div>
          <div className="rounded-lg border p-3">
            <p className="text-muted-foreground">HWID</p>
            <p className="mt-1 font-mono font-semibold">•••• 4F2A</p>
          </div>
        </div>

        <div className="mt-5 flex gap-2">
          <span className="bg-primary text-primary-foreground flex h-9 flex-1 items-center justify-center rounded-md text-sm font-medium">
            Pausar assinatura
          </span>
          <span className="flex h-9 flex-1 items-center justify-center rounded-md border text-sm font-medium">
            Resetar HWID
          </span>
        </div>
      </div>

      <div className="bg-card absolute -bottom-5 -left-3 hidden items-center gap-2 rounded-xl border px-3 py-2 text-sm shadow-lg sm:flex">
        <Gauge className="size-4 text-amber-500" aria-hidden />
        <span>
          Latência <strong className="font-semibold">{FIGURES.latency.value}</strong>
        </span>
      </div>
      <div className="bg-card absolute -top-4 -right-3 hidden items-center gap-2 rounded-xl border px-3 py-2 text-sm shadow-lg sm:flex">
        <ShieldCheck className="size-4 text-emerald-600 dark:text-emerald-400" aria-hidden />
        <span>
          <strong className="font-semibold">{FIGURES.secure.value}</strong> seguro
        </span>
      </div>
    </div>
  );
}
