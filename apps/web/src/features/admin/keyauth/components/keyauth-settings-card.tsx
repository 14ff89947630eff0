import {
  KEYAUTH_LIMITS,
  keyAuthSettingsBodySchema,
  type KeyAuthSettings,
  type KeyAuthSettingsBody,
} from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { InputField } from '@/components/form/input-fields';
import { PendingButton } from '@/components/form/pending-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { ApiError } from '@/lib/api-client';
import { useSaveKeyAuthSettings } from '../api/save-keyauth-settings';
import { keyAuthTexts } from '../texts';

const text = keyAuthTexts.settings;
/** The server's code when another product answers to the same Owner ID and app name. */
const APP_TAKEN = 'KEYAUTH_APP_TAKEN';

/** The form's values: the saved settings, the Owner ID and secret left blank (kept). */
function formValues(settings: KeyAuthSettings | null, productName: string): KeyAuthSettingsBody {
  return {
    enabled: settings?.enabled ?? true,
    name: settings?.name ?? productName.slice(0, KEYAUTH_LIMITS.nameMax),
    version: settings?.version ?? '1.0',
    downloadUrl: settings?.downloadUrl ?? '',
    ownerId: '',
    secret: '',
  };
}

interface KeyAuthSettingsCardProps {
  productId: string;
  productName: string;
  /** Null while compatibility was never saved for the product. */
  settings: KeyAuthSettings | null;
}

/** The switch, the app name, version and download link, and an Owner ID/secret to keep. */
export function KeyAuthSettingsCard({
  productId,
  productName,
  settings,
}: KeyAuthSettingsCardProps) {
  const save = useSaveKeyAuthSettings(productId);
  const form = useForm({
    resolver: zodResolver(keyAuthSettingsBodySchema),
    defaultValues: formValues(settings, productName),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((body) => {
    save.mutate(
      { productId, body },
      {
        onSuccess: (response) => {
          toast.success(response.message);
          form.reset(formValues(response, productName));
        },
        // The toast reports it too; on the field it says what to change.
        onError: (failure) => {
          if (failure instanceof ApiError && failure.code === APP_TAKEN) {
            form.setError('name', { message: failure.message }, { shouldFocus: true });
          }
        },
      },
    );
  });

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>
          <h2>{text.title}</h2>
        </CardTitle>
        <CardDescription>{text.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
          {settings ? null : (
            <Alert>
              <AlertDescription>{text.notConfigured}</AlertDescription>
            </Alert>
          )}
          <div className="grid gap-1">
            <div className="flex items-center gap-3">
              <Controller
                control={form.control}
                name="enabled"
                render={({ field }) => (
                  <Switch
                    id="keyauth-enabled"
                    checked={field.value}
                    onCheckedChange={field.onChange}
                    aria-describedby="keyauth-enabled-hint"
                  />
                )}
              />
              <Label htmlFor="keyauth-enabled">{text.enabled}</Label>
            </div>
            <p id="keyauth-enabled-hint" className="text-muted-foreground text-xs">
              {text.enabledHint}
            </p>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField
              id="keyauth-name"
              label={text.name}
              autoComplete="off"
              spellCheck={false}
              placeholder={text.namePlaceholder}
              maxLength={KEYAUTH_LIMITS.nameMax}
              error={errors.name?.message}
              {...form.register('name')}
            />
            <InputField
              id="keyauth-version"
              label={text.version}
              autoComplete="off"
              spellCheck={false}
              placeholder={text.versionPlaceholder}
              maxLength={KEYAUTH_LIMITS.versionMax}
              error={errors.version?.message}
              {...form.register('version')}
            />
          </div>
          <InputField
            id="keyauth-download-url"
            label={text.downloadUrl}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder={text.downloadUrlPlaceholder}
            hint={text.downloadUrlHint}
            maxLength={KEYAUTH_LIMITS.downloadUrlMax}
            error={errors.downloadUrl?.message}
            {...form.register('downloadUrl')}
          />
          <details
            className="rounded-md border px-3 py-2 text-sm"
            open={Boolean(errors.ownerId ?? errors.secret) || undefined}
          >
            <summary className="cursor-pointer font-medium">{text.advanced}</summary>
            <div className="mt-3 grid gap-4">
              <p className="text-muted-foreground text-xs">
                {settings ? text.advancedHintSaved : text.advancedHint}
              </p>
              <div className="grid gap-4 sm:grid-cols-2">
                <InputField
                  id="keyauth-owner-id"
                  label={text.ownerId}
                  autoComplete="off"
                  spellCheck={false}
                  className="font-mono"
                  placeholder={text.ownerIdPlaceholder}
                  maxLength={10}
                  error={errors.ownerId?.message}
                  {...form.register('ownerId')}
                />
                <InputField
                  id="keyauth-secret"
                  label={text.secret}
                  autoComplete="off"
                  spellCheck={false}
                  className="font-mono"
                  placeholder={text.secretPlaceholder}
                  maxLength={64}
                  error={errors.secret?.message}
                  {...form.register('secret')}
                />
              </div>
            </div>
          </details>
          <PendingButton type="submit" pending={save.isPending} className="w-fit">
            {settings ? text.save : text.firstSave}
          </PendingButton>
        </form>
      </CardContent>
    </Card>
  );
}
