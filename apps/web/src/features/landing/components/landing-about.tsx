import { Check } from 'lucide-react';
import { FIGURES, SECTIONS } from '../landing-content';
import { SectionHeading } from './section-heading';

const VALUES = [
  {
    title: 'Transparência',
    text: 'Tempo restante, dispositivos vinculados e histórico de chaves sempre à vista no seu painel.',
  },
  {
    title: 'Controle nas suas mãos',
    text: 'Pause a assinatura quando precisar e redefina o HWID ao trocar de máquina, sem abrir chamado.',
  },
  {
    title: 'Privacidade de verdade',
    text: 'Coletamos só o necessário, seguimos a LGPD e nunca vendemos os seus dados.',
  },
] as const;

const STEPS = [
  { title: 'Crie sua conta', text: 'Cadastro gratuito, confirmado pelo seu e-mail.' },
  { title: 'Resgate sua chave', text: 'Digite os 18 caracteres da licença e pronto.' },
  { title: 'Use sem preocupação', text: 'A assinatura se vincula ao seu dispositivo na hora.' },
] as const;

export function LandingAbout() {
  return (
    <section
      id={SECTIONS.about.id}
      aria-labelledby="about-title"
      className="bg-muted/40 scroll-mt-16 border-y py-20 sm:py-28"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="about-title" eyebrow="Sobre nós" title="Feito no Brasil, para durar">
          Há mais de 6 anos o Chaveiro simplifica a compra e a gestão de licenças de software.
          Crescemos {FIGURES.growth.value} nos últimos anos mantendo o que nos trouxe até aqui:
          respeito por quem confia o seu dinheiro a nós.
        </SectionHeading>

        <div className="mt-14 grid gap-10 lg:grid-cols-2 lg:gap-16">
          <ul className="space-y-6">
            {VALUES.map(({ title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="bg-background flex size-10 shrink-0 items-center justify-center rounded-lg border shadow-xs">
                  <Check className="size-5 text-indigo-700 dark:text-indigo-300" aria-hidden />
                </span>
                <div>
                  <h3 className="font-semibold">{title}</h3>
                  <p className="text-muted-foreground mt-1 text-sm leading-relaxed">{text}</p>
                </div>
              </li>
            ))}
          </ul>

          <div className="bg-card rounded-2xl border p-6 shadow-xs sm:p-8">
            <h3 className="text-lg font-semibold">Como funciona</h3>
            <ol className="mt-6 space-y-6">
              {STEPS.map((step, index) => (
                <li key={step.title} className="flex gap-4">
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white">
                    {index + 1}
                  </span>
                  <div>
                    <p className="font-medium">{step.title}</p>
                    <p className="text-muted-foreground mt-0.5 text-sm">{step.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
        </div>
      </div>
    </section>
  );
}
