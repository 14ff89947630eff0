import {
  KEYAUTH_IMPORT_LIMITS,
  keyAuthImportMessages,
  type KeyAuthImportSummary,
} from '@chaveiro/contract';
import { AlertCircle, CheckCircle2, Upload } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { FormField } from '@/components/form/form-field';
import { PendingButton } from '@/components/form/pending-button';
import { PageHeader } from '@/components/layout/page-header';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { useProducts } from '@/hooks/use-products';
import { errorMessage } from '@/lib/api-client';
import { useImportKeyAuth } from '../api/import-keyauth';
import { keyAuthImportTexts as text } from '../texts';

const MAX_MB = KEYAUTH_IMPORT_LIMITS.maxBodyBytes / (1024 * 1024);

/** `/admin/keyauth-import`: a KeyAuth seller's exports into one product. */
export function KeyAuthImportScreen() {
  const [summary, setSummary] = useState<KeyAuthImportSummary | null>(null);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title={text.title} subtitle={text.subtitle} />
      <ImportForm onImported={setSummary} />
      {summary ? <ImportSummary summary={summary} /> : null}
    </div>
  );
}

function ImportForm({ onImported }: { onImported: (summary: KeyAuthImportSummary) => void }) {
  const products = useProducts();
  const importKeyAuth = useImportKeyAuth();
  const [productId, setProductId] = useState('');
  const [users, setUsers] = useState<File | null>(null);
  const [licenses, setLicenses] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ product?: string; files?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      ...(productId ? {} : { product: text.productRequired }),
      ...(users || licenses ? {} : { files: text.filesRequired }),
    };
    setErrors(found);
    setFailure(null);
    if (found.product || found.files) return;
    if ((users?.size ?? 0) + (licenses?.size ?? 0) > KEYAUTH_IMPORT_LIMITS.maxBodyBytes) {
      setFailure(keyAuthImportMessages.fileTooLarge(MAX_MB));
      return;
    }
    const [usersText, licensesText] = await Promise.all([readText(users), readText(licenses)]);
    importKeyAuth.mutate(
      { productId, users: usersText, licenses: licensesText },
      {
        onSuccess: onImported,
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{text.formTitle}</CardTitle>
        <CardDescription>{text.formDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        {products.isError ? <LoadErrorAlert error={products.error} className="mb-4" /> : null}
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5">
          <FormField
            id="keyauth-product"
            label={text.product}
            hint={products.data?.length === 0 ? text.noProducts : text.productHint}
            error={errors.product}
          >
            {(control) => (
              <NativeSelect
                {...control}
                className="w-full sm:w-80"
                value={productId}
                disabled={!products.data}
                onChange={(event) => setProductId(event.target.value)}
              >
                <NativeSelectOption value="">{text.productPlaceholder}</NativeSelectOption>
                {products.data?.map((product) => (
                  <NativeSelectOption key={product.id} value={product.id}>
                    {product.name}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <div className="grid gap-5 md:grid-cols-2">
            <FileField
              id="keyauth-users"
              label={text.usersFile}
              hint={text.usersHint}
              error={errors.files}
              onChange={setUsers}
            />
            <FileField
              id="keyauth-licenses"
              label={text.licensesFile}
              hint={text.licensesHint}
              onChange={setLicenses}
            />
          </div>
          {failure ? (
            <Alert variant="destructive">
              <AlertCircle aria-hidden />
              <AlertDescription className="[overflow-wrap:anywhere]">{failure}</AlertDescription>
            </Alert>
          ) : null}
          <div>
            <PendingButton type="submit" pending={importKeyAuth.isPending}>
              {importKeyAuth.isPending ? null : <Upload aria-hidden />}
              {text.submit}
            </PendingButton>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** The file's text (FileReader: what every browser, and the test DOM, provides). */
function readText(file: File | null): Promise<string | undefined> {
  if (!file) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsText(file);
  });
}

function FileField({
  id,
  label,
  hint,
  error,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  error?: string | undefined;
  onChange: (file: File | null) => void;
}) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <Input
          {...control}
          type="file"
          accept=".json,application/json"
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        />
      )}
    </FormField>
  );
}

function ImportSummary({ summary }: { summary: KeyAuthImportSummary }) {
  const rows = [
    { id: 'users', label: text.users, counts: summary.users },
    { id: 'keys', label: text.keys, counts: summary.keys },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{text.resultTitle}</CardTitle>
        <CardDescription role="status" className="flex items-center gap-2">
          <CheckCircle2
            className="size-4 shrink-0 text-emerald-600 dark:text-emerald-400"
            aria-hidden
          />
          {summary.message}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid gap-3 sm:grid-cols-2">
          {rows.map((row) => (
            <section
              key={row.label}
              aria-labelledby={`keyauth-result-${row.id}`}
              className="rounded-md border p-3"
            >
              <h2 id={`keyauth-result-${row.id}`} className="text-sm font-semibold">
                {row.label}
              </h2>
              <dl className="mt-2 grid grid-cols-3 gap-2">
                {(
                  [
                    [text.created, row.counts.created],
                    [text.existing, row.counts.existing],
                    [text.skipped, row.counts.skipped],
                  ] as const
                ).map(([label, value]) => (
                  <div key={label} className="min-w-0">
                    <dt className="text-muted-foreground text-xs">{label}</dt>
                    <dd className="text-lg font-semibold tabular-nums">{value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
        <p className="text-muted-foreground text-sm">
          {text.subscriptions(summary.subscriptions)} · {text.machines(summary.machines)}
        </p>
        <section aria-labelledby="keyauth-problems" className="grid gap-2">
          <h2 id="keyauth-problems" className="text-sm font-semibold">
            {text.problemsTitle}
          </h2>
          {summary.problems.length === 0 ? (
            <p className="text-muted-foreground text-sm">{text.noProblems}</p>
          ) : (
            <ul className="grid gap-2 text-sm">
              {summary.problems.map((problem) => (
                <li
                  key={`${problem.file}-${problem.line}-${problem.message}`}
                  className="border-border rounded-md border px-3 py-2"
                >
                  <span className="text-muted-foreground block text-xs">
                    {text.problemLine(problem.file, problem.line)}
                  </span>
                  <span className="[overflow-wrap:anywhere]">{problem.message}</span>
                </li>
              ))}
            </ul>
          )}
          {summary.moreProblems > 0 ? (
            <p className="text-muted-foreground text-sm">
              {text.moreProblems(summary.moreProblems)}
            </p>
          ) : null}
        </section>
      </CardContent>
    </Card>
  );
}
