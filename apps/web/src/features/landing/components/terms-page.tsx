import { Mail, ShieldCheck } from 'lucide-react';
import { SUPPORT_EMAIL } from '../landing-content';
import { PRIVACY_EMAIL, TERMS_SECTIONS, TERMS_UPDATED_AT } from '../terms-content';
import { Island } from './island';
import { LandingFooter } from './landing-footer';
import { LandingHeader } from './landing-header';
import { SmoothScroll } from './smooth-scroll';

const CONTACT_ID = 'contato';
const LINK =
  'text-primary font-medium underline underline-offset-4 outline-none hover:no-underline focus-visible:ring-ring/50 rounded-sm focus-visible:ring-[3px]';

/** `/terms`: the Terms of Use, with the landing's header and footer. */
export function TermsPage() {
  return (
    <div className="bg-background min-h-svh">
      <Island name="smooth-scroll">
        <SmoothScroll />
      </Island>
      <LandingHeader />
      <main>
        <div className="bg-muted/40 border-b">
          <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
            <p className="text-primary text-sm font-semibold tracking-wide uppercase">Legal</p>
            <h1 className="mt-3 text-4xl font-semibold tracking-tight sm:text-5xl">
              Termos de Uso
            </h1>
            <p className="text-muted-foreground mt-4 max-w-2xl text-lg text-pretty">
              As regras para comprar, ativar e usar licenças no Chaveiro, e como cuidamos dos seus
              dados. Escritas para serem lidas, não apenas aceitas.
            </p>
            <p className="text-muted-foreground mt-6 text-sm">
              Última atualização: {TERMS_UPDATED_AT}
            </p>
          </div>
        </div>

        <div className="mx-auto grid max-w-6xl gap-12 px-4 py-14 sm:px-6 lg:grid-cols-[15rem_1fr] lg:py-20">
          <nav aria-label="Índice dos termos" className="lg:sticky lg:top-24 lg:self-start">
            <h2 className="text-sm font-semibold">Nesta página</h2>
            <ol className="mt-4 space-y-2 border-l text-sm">
              {[...TERMS_SECTIONS, { id: CONTACT_ID, title: '12. Contato' }].map((section) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="text-muted-foreground hover:text-foreground hover:border-foreground focus-visible:ring-ring/50 -ml-px block border-l border-transparent py-0.5 pl-4 outline-none focus-visible:ring-[3px]"
                  >
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>

          <article className="max-w-3xl text-base leading-7">
            {TERMS_SECTIONS.map((section) => (
              <section
                key={section.id}
                id={section.id}
                aria-labelledby={`${section.id}-title`}
                className="mb-12 scroll-mt-24"
              >
                <h2
                  id={`${section.id}-title`}
                  className="text-2xl font-semibold tracking-tight text-balance"
                >
                  {section.title}
                </h2>
                {section.blocks.map((block) =>
                  typeof block === 'string' ? (
                    <p key={block} className="text-foreground/85 mt-4">
                      {block}
                    </p>
                  ) : (
                    <ul
                      key={block[0]}
                      className="text-foreground/85 marker:text-muted-foreground mt-4 list-disc space-y-2 pl-6"
                    >
                      {block.map((item) => (
                        <li key={item}>{item}</li>
                      ))}
                    </ul>
                  ),
                )}
              </section>
            ))}

            <section id={CONTACT_ID} aria-labelledby="contato-title" className="scroll-mt-24">
              <h2 id="contato-title" className="text-2xl font-semibold tracking-tight">
                12. Contato
              </h2>
              <p className="text-foreground/85 mt-4">
                Dúvidas sobre estes termos, pedidos de reembolso ou qualquer problema com a sua
                licença: nosso suporte atende 24 horas por dia, 7 dias por semana.
              </p>
              <div className="mt-6 grid gap-4 sm:grid-cols-2">
                <div className="bg-card rounded-xl border p-5">
                  <Mail className="text-primary size-5" aria-hidden />
                  <h3 className="mt-3 font-semibold">Suporte</h3>
                  <a href={`mailto:${SUPPORT_EMAIL}`} className={`${LINK} mt-1 inline-block`}>
                    {SUPPORT_EMAIL}
                  </a>
                </div>
                <div className="bg-card rounded-xl border p-5">
                  <ShieldCheck className="text-primary size-5" aria-hidden />
                  <h3 className="mt-3 font-semibold">Encarregado de dados (LGPD)</h3>
                  <a href={`mailto:${PRIVACY_EMAIL}`} className={`${LINK} mt-1 inline-block`}>
                    {PRIVACY_EMAIL}
                  </a>
                </div>
              </div>
            </section>
          </article>
        </div>
      </main>
      <LandingFooter />
    </div>
  );
}
