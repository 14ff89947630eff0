import { ArrowRight, KeyRound, MonitorSmartphone, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';

const HIGHLIGHTS = [
  { icon: KeyRound, text: 'Resgate sua chave de licença em segundos' },
  { icon: MonitorSmartphone, text: 'Assinatura vinculada aos seus dispositivos' },
  { icon: ShieldCheck, text: 'Pause e reative quando precisar' },
] as const;

export function LandingHero() {
  return (
    <section id="hero" className="relative isolate overflow-hidden">
      <div
        aria-hidden
        className="from-primary/15 absolute inset-x-0 top-0 -z-10 h-[32rem] bg-radial-[at_50%_0%] via-transparent to-transparent"
      />
      <div className="mx-auto flex max-w-3xl flex-col items-center px-4 pt-20 pb-24 text-center sm:px-6 sm:pt-28">
        <span className="text-primary bg-primary/10 ring-primary/20 mb-6 inline-flex items-center gap-2 rounded-full px-3 py-1 text-xs font-medium ring-1">
          <KeyRound className="size-3.5" aria-hidden />
          Licenças digitais
        </span>
        <h1 className="text-4xl font-semibold tracking-tight text-balance sm:text-6xl">
          Suas licenças de software, ativadas em segundos
        </h1>
        <p className="text-muted-foreground mt-6 max-w-2xl text-lg text-pretty">
          Compre, resgate e gerencie suas assinaturas em um só lugar: sua chave é ativada na hora e
          você acompanha cada dispositivo e o tempo restante no seu painel.
        </p>
        <div className="mt-10 flex flex-wrap items-center justify-center gap-3">
          <Link to="/auth" className={buttonVariants({ size: 'lg' })}>
            Criar minha conta
            <ArrowRight />
          </Link>
          <Link to="/auth" className={buttonVariants({ size: 'lg', variant: 'outline' })}>
            Já tenho conta
          </Link>
        </div>
        <ul className="text-muted-foreground mt-14 grid w-full gap-3 text-sm sm:grid-cols-3">
          {HIGHLIGHTS.map(({ icon: Icon, text }) => (
            <li
              key={text}
              className="bg-card/60 flex items-center gap-3 rounded-lg border px-4 py-3 text-left"
            >
              <Icon className="text-primary size-4 shrink-0" aria-hidden />
              {text}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
