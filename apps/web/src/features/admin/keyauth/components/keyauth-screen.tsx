import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { PageHeader } from '@/components/layout/page-header';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useProducts } from '@/hooks/use-products';
import { useKeyAuthSettings } from '../api/get-keyauth-settings';
import { keyAuthTexts } from '../texts';
import { KeyAuthBlacklistCard } from './keyauth-blacklist-card';
import { KeyAuthLoaderValues } from './keyauth-loader-values';
import { KeyAuthSettingsCard } from './keyauth-settings-card';
import { KeyAuthSnippetsCard } from './keyauth-snippets-card';
import { KeyAuthVariablesCard } from './keyauth-variables-card';

const text = keyAuthTexts;

function KeyAuthPage({ productId }: { productId: string }) {
  const products = useProducts();
  const settings = useKeyAuthSettings(productId);
  const product = products.data?.find((item) => item.id === productId);

  if (products.isError && !products.data) return <LoadErrorAlert error={products.error} />;
  if (products.isPending) return <p className="text-muted-foreground text-sm">{text.loading}</p>;
  if (!product) {
    return (
      <Alert>
        <AlertDescription>{text.productNotFound}</AlertDescription>
      </Alert>
    );
  }
  if (settings.isError && settings.data === undefined) {
    return <LoadErrorAlert error={settings.error} />;
  }
  if (settings.isPending) return <p className="text-muted-foreground text-sm">{text.loading}</p>;
  return (
    <>
      <PageHeader title={`${text.title}: ${product.name}`} subtitle={text.subtitle(product.name)} />
      <div className="grid min-w-0 gap-6 xl:grid-cols-2 xl:items-start">
        {/* Remounted once saved (the first save fills it); a secret rotation keeps its edits. */}
        <KeyAuthSettingsCard
          key={settings.data ? 'saved' : 'new'}
          productId={productId}
          productName={product.name}
          settings={settings.data}
        />
        {settings.data ? (
          <KeyAuthLoaderValues productId={productId} settings={settings.data} />
        ) : null}
      </div>
      {settings.data ? <KeyAuthSnippetsCard settings={settings.data} /> : null}
      <div className="grid min-w-0 gap-6 xl:grid-cols-2 xl:items-start">
        <KeyAuthVariablesCard productId={productId} />
        <KeyAuthBlacklistCard productId={productId} />
      </div>
    </>
  );
}

/** `/admin/products/:id/keyauth`: a product's KeyAuth compatibility. */
export function KeyAuthScreen() {
  const { id = '' } = useParams();
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <Button asChild variant="ghost" size="sm" className="w-fit">
        <Link to="/admin/products">
          <ArrowLeft aria-hidden />
          {text.back}
        </Link>
      </Button>
      <KeyAuthPage productId={id} />
    </div>
  );
}
