import { Link } from 'react-router';
import { Brand } from '@/components/layout/brand';
import { NAV_SECTIONS, SECTIONS, SUPPORT_EMAIL } from '../landing-content';
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
          <Link
            to="/"
            aria-label="Chaveiro, início"
            className="focus-visible:ring-ring/50 inline-block rounded-md outline-none focus-visible:ring-[3px]"
          >
            <Brand />
          </Link>
          <p className="text-muted-foreground mt-4 text-sm leading-relaxed">
            Licenças de software com ativação imediata, vínculo por HWID e suporte humano 24/7. Uma
            plataforma brasileira, feita para você jogar sem preocupação.
          </p>
          <div className="mt-8">
            <NewsletterForm />
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
          </FooterColumn>
          <FooterColumn title="Conta">
            <li>
              <Link to="/auth" className={LINK}>
                Entrar
              </Link>
            </li>
            <li>
              <Link to="/auth?tab=cadastro" className={LINK}>
                Criar conta
              </Link>
            </li>
            <li>
              <Link to="/forgot-password" className={LINK}>
                Esqueci minha senha
              </Link>
            </li>
          </FooterColumn>
          <FooterColumn title="Legal e suporte">
            <li>
              <Link to="/terms" className={LINK}>
                Termos de Uso
              </Link>
            </li>
            <li>
              <Link to={{ pathname: '/terms', hash: '#privacidade' }} className={LINK}>
                Privacidade e LGPD
              </Link>
            </li>
            <li>
              <Link to={{ pathname: '/terms', hash: '#reembolsos' }} className={LINK}>
                Reembolsos
              </Link>
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
