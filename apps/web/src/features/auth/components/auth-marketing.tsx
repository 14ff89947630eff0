import { Gauge, LockKeyhole, ShieldCheck, UsersRound } from 'lucide-react';

const POINTS = [
  {
    icon: Gauge,
    title: 'Desempenho',
    text: 'Resgate sua chave e o acesso é liberado na hora. O painel é leve e mostra o tempo restante e os dispositivos de cada assinatura.',
  },
  {
    icon: UsersRound,
    title: 'Comunidade',
    text: 'Feito para a comunidade brasileira: tudo em português, suporte pelo painel e revendedores parceiros para você comprar do seu jeito.',
  },
  {
    icon: ShieldCheck,
    title: 'Segurança',
    text: 'Senhas guardadas com criptografia forte, confirmação por e-mail e verificação em duas etapas (2FA) para proteger sua conta.',
  },
] as const;

/** The /auth page's case for the product: performance, community and security (spec §2). */
export function AuthMarketing() {
  return (
    <section
      aria-labelledby="auth-marketing-title"
      className="from-primary/10 via-card to-card relative isolate overflow-hidden rounded-2xl border bg-linear-to-br p-6 sm:p-8 lg:p-10"
    >
      <div
        aria-hidden
        className="bg-primary/15 absolute -top-24 -right-24 -z-10 size-64 rounded-full blur-3xl"
      />
      <p className="text-primary text-sm font-medium">Por que o Chaveiro</p>
      <h2
        id="auth-marketing-title"
        className="mt-2 text-2xl font-semibold tracking-tight text-balance sm:text-3xl"
      >
        Suas licenças ativas em segundos, com a segurança que você espera
      </h2>
      <p className="text-muted-foreground mt-3 text-pretty">
        Compre, resgate e acompanhe suas assinaturas em um só painel, do primeiro acesso à
        renovação.
      </p>
      <ul className="mt-8 grid gap-6">
        {POINTS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4">
            <span className="bg-primary/10 text-primary ring-primary/20 flex size-10 shrink-0 items-center justify-center rounded-lg ring-1">
              <Icon className="size-5" aria-hidden />
            </span>
            <div>
              <h3 className="font-medium">{title}</h3>
              <p className="text-muted-foreground mt-1 text-sm text-pretty">{text}</p>
            </div>
          </li>
        ))}
      </ul>
      <p className="text-muted-foreground mt-8 flex items-center gap-2 border-t pt-6 text-xs">
        <LockKeyhole className="size-3.5 shrink-0" aria-hidden />A equipe do Chaveiro nunca pede sua
        senha por e-mail ou chat.
      </p>
    </section>
  );
}
