import { loaderIntegrationMessages as t, type Product } from '@chaveiro/contract';
import { Copy, ExternalLink } from 'lucide-react';
import { CodeBlock } from '@/components/code-block';
import { CopyValue } from '@/components/copy-value';
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
import { copyToClipboard } from '@/lib/copy-to-clipboard';
import { formatDateTime } from '@/lib/format';
import { useLoaderPublicKey } from '../api/get-loader-public-key';
import {
  INTEGRATION_LANGUAGES,
  integrationSnippet,
  type LoaderIntegration,
} from './loader-integration-snippets';

/** docs/sdk.md, copied into the built web by the build (vite.config.ts). */
const SDK_DOCS_URL = '/docs/sdk.md';

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
                onClick={() => void copyToClipboard(snippet, t.snippetCopied)}
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
            <CopyValue label={t.serverUrl} value={serverUrl} />
            <CopyValue label={t.productId} value={row.id} />
            {data ? (
              <>
                <CopyValue label={t.currentKey(data.keyId)} value={data.publicKey} />
                {data.previous.map((key) => (
                  <CopyValue
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
