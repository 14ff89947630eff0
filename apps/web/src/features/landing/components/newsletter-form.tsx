import { Check } from 'lucide-react';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { useHydrated } from '@/hooks/use-hydrated';

// Validation, the API client and sonner load once the visitor reaches for the field, so none of
// them weighs on the first load of `/`.
const loadSubmit = async () => (await import('../api/submit-newsletter')).submitNewsletter;
const loadToast = async () => (await import('sonner')).toast;
const Toaster = lazy(async () => ({
  default: (await import('./newsletter-toaster')).NewsletterToaster,
}));

type Status =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'error'; message: string }
  | { kind: 'done'; message: string };

export function NewsletterForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [engaged, setEngaged] = useState(false);
  // Before hydration a submit would be the browser's own GET, with the e-mail in the address.
  const hydrated = useHydrated();

  function engage() {
    if (engaged) return;
    setEngaged(true);
    void loadSubmit();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    engage();
    setStatus({ kind: 'sending' });
    const outcome = await (await loadSubmit())(email);
    if (outcome.ok) {
      setStatus({ kind: 'done', message: outcome.message });
      setEmail('');
      (await loadToast()).success(outcome.message);
    } else {
      setStatus({ kind: 'error', message: outcome.message });
    }
  }

  const inputId = `${id}-email`;
  const messageId = `${id}-message`;
  return (
    <>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="w-full">
        <label htmlFor={inputId} className="text-sm font-semibold">
          Receba novidades e ofertas
        </label>
        <div className="mt-3 flex flex-col gap-2 sm:flex-row">
          <input
            id={inputId}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="seu@email.com"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              if (status.kind === 'error') setStatus({ kind: 'idle' });
            }}
            onFocus={engage}
            aria-invalid={status.kind === 'error' || undefined}
            aria-describedby={messageId}
            className="border-input bg-background placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-ring/50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:bg-input/30 h-10 w-full min-w-0 rounded-md border px-3 text-base shadow-xs transition-[color,box-shadow] outline-none focus-visible:ring-[3px] sm:text-sm"
          />
          <button
            type="submit"
            disabled={!hydrated || status.kind === 'sending'}
            className={buttonVariants({ size: 'lg' })}
          >
            {status.kind === 'sending' ? (
              <span
                aria-hidden
                className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
              />
            ) : null}
            Inscrever
          </button>
        </div>
        <p id={messageId} role="status" className="mt-2 min-h-5 text-sm">
          {status.kind === 'error' ? (
            <span className="text-destructive">{status.message}</span>
          ) : status.kind === 'done' ? (
            <span className="inline-flex items-center gap-1.5 text-emerald-700 dark:text-emerald-400">
              <Check className="size-4 shrink-0" aria-hidden />
              {status.message}
            </span>
          ) : (
            <span className="text-muted-foreground">Sem spam. Cancele quando quiser.</span>
          )}
        </p>
      </form>
      {engaged ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </>
  );
}
