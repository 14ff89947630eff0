import { Brand } from '@/components/layout/brand';
import { NAV_SECTIONS, SECTIONS, SUPPORT_EMAIL } from '../landing-content';
import { Island } from './island';
import { NewsletterForm } from './newsletter-form';
import { SectionLink } from './section-link';

const LINK =
  'text-muted-foreground hover:text-foreground focus-visible:ring-ring/50 rounded-sm text-sm transition-colors outline-none focus-visible:ring-[3px]';

function FooterColumn({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold">{title}</h2>
      <ul className="mt-4 space-y-3">{children}</ul>
    </nav>
  );
}

export function LandingFooter() {
  return (
    <footer className="bg-muted/40 border-t">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-14 sm:px-6 lg:grid-cols-[1.2fr_2fr] lg:gap-16">
        <div className="max-w-sm">
          <a
            href="/"
            aria-label="Chaveiro, início"
            className="focus-visible:ring-ring/50 inline-block rounded-md outline-none focus-visible:ring-[3px]"
          >
            <Brand />
          </a>
          <p className="text-muted-foreground mt-4 text-sm leading-relaxed">
            Licenças de software com ativação imediata, vínculo por HWID e suporte humano 24/7. Uma
            plataforma brasileira, feita para você jogar sem preocupação.
          </p>
          <div className="mt-8">
            <Island name="newsletter">
              <NewsletterForm />
            </Island>
          </div>
        </div>

        <div className="grid grid-cols-2 gap-8 sm:grid-cols-3">
          <FooterColumn title="Plataforma">
            <li>
              <SectionLink id={SECTIONS.hero.id} className={LINK}>
                {SECTIONS.hero.label}
              </SectionLink>
            </li>
            {NAV_SECTIONS.map((section) => (
              <li key={section.id}>
                <SectionLink id={section.id} className={LINK}>
                  {section.label}
                </SectionLink>
              </li>
            ))}
            <li>
              <a href="/status" className={LINK}>
                Status dos produtos
              </a>
            </li>
          </FooterColumn>
          <FooterColumn title="Conta">
            <li>
              <a href="/auth" className={LINK}>
                Entrar
              </a>
            </li>
            <li>
              <a href="/auth?tab=cadastro" className={LINK}>
                Criar conta
              </a>
            </li>
            <li>
              <a href="/forgot-password" className={LINK}>
                Esqueci minha senha
              </a>
            </li>
          </FooterColumn>
          <FooterColumn title="Legal e suporte">
            <li>
              <a href="/terms" className={LINK}>
                Termos de Uso
              </a>
            </li>
            <li>
              <a href="/terms#privacidade" className={LINK}>
                Privacidade e LGPD
              </a>
            </li>
            <li>
              <a href="/terms#reembolsos" className={LINK}>
                Reembolsos
              </a>
            </li>
            <li>
              <a href={`mailto:${SUPPORT_EMAIL}`} className={LINK}>
                Fale conosco
              </a>
            </li>
          </FooterColumn>
        </div>
      </div>
      <div className="border-t">
        <div className="text-muted-foreground mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-xs sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>© 2025 Chaveiro. Todos os direitos reservados.</p>
          <p>Feito no Brasil · Dados protegidos conforme a LGPD</p>
        </div>
      </div>
    </footer>
  );
}
