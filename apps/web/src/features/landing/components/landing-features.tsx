import { Check, Gauge, ShieldCheck, UsersRound, type LucideIcon } from 'lucide-react';
import { FIGURES, SECTIONS } from '../landing-content';
import { SectionHeading } from './section-heading';

interface Pillar {
  icon: LucideIcon;
  title: string;
  text: string;
  figures: readonly { value: string; label: string }[];
  points: readonly string[];
}

const PILLARS: readonly Pillar[] = [
  {
    icon: Gauge,
    title: 'Desempenho',
    text: 'Infraestrutura distribuída para validar sua licença na hora, sem travar o seu jogo.',
    figures: [FIGURES.locations, FIGURES.latency],
    points: ['Ativação da chave em segundos', 'Atualizações entregues automaticamente'],
  },
  {
    icon: UsersRound,
    title: 'Comunidade',
    text: 'Jogadores e revendedores de todo o Brasil, com gente de verdade para ajudar.',
    figures: [FIGURES.users, FIGURES.responseTime],
    points: ['Suporte humano em português', 'Revendedores parceiros verificados'],
  },
  {
    icon: ShieldCheck,
    title: 'Segurança',
    text: 'Cada assinatura é vinculada ao HWID dos seus dispositivos e verificada com assinatura digital.',
    figures: [FIGURES.secure, FIGURES.protection],
    points: ['Reset de HWID pelo seu painel', 'Dados tratados conforme a LGPD'],
  },
];

export function LandingFeatures() {
  return (
    <section
      id={SECTIONS.features.id}
      aria-labelledby="features-title"
      className="scroll-mt-16 py-20 sm:py-28"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="features-title"
          eyebrow="Recursos"
          title="Desempenho, comunidade e segurança em cada licença"
        >
          Tudo o que você precisa para comprar, ativar e usar seus produtos com tranquilidade.
        </SectionHeading>
        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {PILLARS.map(({ icon: Icon, title, text, figures, points }) => (
            <li
              key={title}
              className="bg-card group relative flex flex-col rounded-2xl border p-6 shadow-xs transition-shadow hover:shadow-md"
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-indigo-600/10 text-indigo-700 ring-1 ring-indigo-600/20 dark:text-indigo-300">
                <Icon className="size-5" aria-hidden />
              </span>
              <h3 className="mt-5 text-lg font-semibold">{title}</h3>
              <p className="text-muted-foreground mt-2 text-sm leading-relaxed">{text}</p>
              <dl className="mt-6 grid grid-cols-2 gap-3">
                {figures.map((figure) => (
                  <div
                    key={figure.label}
                    className="bg-background flex flex-col rounded-xl border px-3 py-3"
                  >
                    <dt className="text-muted-foreground text-xs">{figure.label}</dt>
                    <dd className="order-first text-2xl font-semibold tracking-tight">
                      {figure.value}
                    </dd>
                  </div>
                ))}
              </dl>
              <ul className="mt-6 space-y-2 text-sm">
                {points.map((point) => (
                  <li key={point} className="flex items-start gap-2">
                    <Check
                      className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400"
                      aria-hidden
                    />
                    {point}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
