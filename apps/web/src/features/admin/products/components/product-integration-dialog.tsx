import { loaderIntegrationMessages as t, type Product } from '@chaveiro/contract';
import { Check, Copy, ExternalLink } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { CodeBlock } from '@/components/code-block';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatDateTime } from '@/lib/format';
import { useLoaderPublicKey } from '../api/get-loader-public-key';
import {
  INTEGRATION_LANGUAGES,
  integrationSnippet,
  type LoaderIntegration,
} from './loader-integration-snippets';

/** docs/sdk.md, copied into the built web by the build (vite.config.ts). */
const SDK_DOCS_URL = '/docs/sdk.md';

/** Copies `text`, confirming with a toast (`copied`) or saying how to copy by hand. */
async function copyText(text: string, copied: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(copied);
    return true;
  } catch {
    toast.error(t.copyFailed);
    return false;
  }
}

/** One value the seller pins in the loader: its label, the value, a copy button. */
function IntegrationValue({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  return (
    <div className="bg-muted/40 grid min-w-0 gap-0.5 rounded-md border py-1.5 pr-1 pl-3">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="flex min-w-0 items-center justify-between gap-2">
        <span className="min-w-0 font-mono text-sm break-all select-all">{value}</span>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="-my-1 shrink-0"
          aria-label={t.copy(label)}
          onClick={() => void copyText(value, t.copied(label)).then(setCopied)}
        >
          {copied ? <Check className="text-emerald-600" aria-hidden /> : <Copy aria-hidden />}
        </Button>
      </dd>
    </div>
  );
}

/** The C++, C# and TypeScript snippets, one tab each, each with its copy button. */
function IntegrationSnippets({ integration }: { integration: LoaderIntegration }) {
  return (
    <section aria-labelledby="integration-snippets" className="grid min-w-0 gap-2">
      <h3 id="integration-snippets" className="text-sm font-medium">
        {t.snippets}
      </h3>
      <Tabs defaultValue="cpp" className="min-w-0">
        <TabsList>
          {INTEGRATION_LANGUAGES.map((language) => (
            <TabsTrigger key={language} value={language}>
              {t.tabs[language]}
            </TabsTrigger>
          ))}
        </TabsList>
        {INTEGRATION_LANGUAGES.map((language) => {
          const snippet = integrationSnippet(language, integration);
          return (
            <TabsContent key={language} value={language} className="grid min-w-0 gap-3">
              <p className="text-muted-foreground text-sm">{t.hints[language]}</p>
              <CodeBlock className="max-h-72">{snippet}</CodeBlock>
              <Button
                variant="outline"
                className="w-fit"
                onClick={() => void copyText(snippet, t.snippetCopied)}
              >
                <Copy aria-hidden />
                {t.copySnippet}
              </Button>
            </TabsContent>
          );
        })}
      </Tabs>
    </section>
  );
}

/** "Ver a documentação do SDK", as the KeyAuth page links the API's: a new tab. */
function SdkDocsLink() {
  return (
    <a
      href={SDK_DOCS_URL}
      target="_blank"
      rel="noreferrer"
      className="text-primary inline-flex w-fit items-center gap-1.5 text-sm font-medium underline-offset-4 hover:underline focus-visible:underline"
    >
      {t.docs}
      <ExternalLink className="size-3.5" aria-hidden />
      <span className="sr-only">{t.opensInNewTab}</span>
    </a>
  );
}

/**
 * "Integrar loader": what a loader built on the native SDK (C++, C#) or the TypeScript one pins
 * (this site's address, the product id, the signing key and, during a rotation, the previous
 * ones), as values and as ready snippets.
 */
export function ProductIntegrationDialog({ row, onClose }: { row: Product; onClose: () => void }) {
  const publicKey = useLoaderPublicKey();
  const data = publicKey.data;
  // The console is served by the server the loaders talk to, at its public address.
  const serverUrl = window.location.origin;
  const integration: LoaderIntegration | null = data
    ? {
        serverUrl,
        productId: row.id,
        keys: [
          { keyId: data.keyId, publicKey: data.publicKey, validUntil: null },
          ...data.previous.map((key) => ({
            keyId: key.keyId,
            publicKey: key.publicKey,
            validUntil: key.validUntil,
          })),
        ],
      }
    : null;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t.title(row.name)}</DialogTitle>
          <DialogDescription>{t.description}</DialogDescription>
        </DialogHeader>
        <section aria-labelledby="integration-values" className="grid min-w-0 gap-2">
          <h3 id="integration-values" className="text-sm font-medium">
            {t.values}
          </h3>
          <dl className="grid min-w-0 gap-2">
            <IntegrationValue label={t.serverUrl} value={serverUrl} />
            <IntegrationValue label={t.productId} value={row.id} />
            {data ? (
              <>
                <IntegrationValue label={t.currentKey(data.keyId)} value={data.publicKey} />
                {data.previous.map((key) => (
                  <IntegrationValue
                    key={key.keyId}
                    label={t.previousKey(key.keyId, formatDateTime(key.validUntil))}
                    value={key.publicKey}
                  />
                ))}
              </>
            ) : null}
          </dl>
          {publicKey.isError && !data ? <LoadErrorAlert error={publicKey.error} /> : null}
          {publicKey.isPending ? (
            <p className="text-muted-foreground text-sm">{t.loadingKeys}</p>
          ) : null}
          <p className="text-muted-foreground text-xs">{t.rotationHint}</p>
        </section>
        {integration ? <IntegrationSnippets integration={integration} /> : null}
        <SdkDocsLink />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            {t.close}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
