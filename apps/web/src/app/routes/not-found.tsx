import { labels } from '@chaveiro/contract';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';

export function NotFoundRoute() {
  return (
    <main className="bg-background flex min-h-svh flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-primary text-7xl font-bold tracking-tight sm:text-8xl">404</p>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{labels.notFound}</h1>
      <p className="text-muted-foreground max-w-md">
        A página que você procura não existe ou mudou de endereço.
      </p>
      <Link to="/" className={`${buttonVariants()} mt-2`}>
        Voltar ao início
      </Link>
    </main>
  );
}
