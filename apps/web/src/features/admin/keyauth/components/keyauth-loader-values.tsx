import type { KeyAuthSettings } from '@chaveiro/contract';
import { KeyRound, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useRotateKeyAuthSecret } from '../api/rotate-keyauth-secret';
import { keyAuthTexts } from '../texts';
import { CopyValue } from '@/components/copy-value';

const text = keyAuthTexts;

/** "Gerar novo secret" behind its confirmation. */
function RotateSecretButton({ productId }: { productId: string }) {
  const [open, setOpen] = useState(false);
  const rotate = useRotateKeyAuthSecret(productId);
  return (
    <>
      <Button variant="outline" className="w-fit" onClick={() => setOpen(true)}>
        <KeyRound aria-hidden />
        {text.values.rotate}
      </Button>
      <ConfirmActionDialog
        open={open}
        onOpenChange={setOpen}
        title={text.rotate.title}
        description={text.rotate.description}
        confirmLabel={text.rotate.confirm}
        cancelLabel={text.rotate.cancel}
        destructive
        pending={rotate.isPending}
        onConfirm={() =>
          rotate.mutate(undefined, {
            onSuccess: (response) => {
              toast.success(response.message);
              setOpen(false);
            },
          })
        }
      />
    </>
  );
}

/** The values the seller pastes into the loader, each with its copy button. */
export function KeyAuthLoaderValues({
  productId,
  settings,
}: {
  productId: string;
  settings: KeyAuthSettings;
}) {
  const values: [string, string][] = [
    [text.values.apiUrl, settings.apiUrl],
    [text.values.apiUrlLegacy, settings.apiUrlLegacy],
    [text.values.ownerId, settings.ownerId],
    [text.values.name, settings.name],
    [text.values.secret, settings.secret],
    [text.values.version, settings.version],
    [text.values.publicKey, settings.publicKey],
  ];
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>
          <h2>{text.values.title}</h2>
        </CardTitle>
        <CardDescription>{text.values.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-4">
        {settings.enabled ? null : (
          <Alert>
            <TriangleAlert aria-hidden />
            <AlertDescription>{text.values.disabled}</AlertDescription>
          </Alert>
        )}
        <dl className="grid min-w-0 gap-2">
          {values.map(([label, value]) => (
            <CopyValue key={label} label={label} value={value} />
          ))}
        </dl>
        <RotateSecretButton productId={productId} />
      </CardContent>
    </Card>
  );
}
