import {
  KEYAUTH_LIMITS,
  productVariableFormSchema,
  type ProductVariable,
} from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { FormDialog } from '@/components/form/form-dialog';
import { InputField, TextareaField } from '@/components/form/input-fields';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDeleteProductVariable } from '../api/delete-product-variable';
import { useProductVariables } from '../api/get-product-variables';
import { useSaveProductVariable } from '../api/save-product-variable';
import { keyAuthTexts } from '../texts';

const text = keyAuthTexts.variables;

type VariableDialog =
  | { kind: 'create' }
  | { kind: 'edit'; variable: ProductVariable }
  | { kind: 'delete'; variable: ProductVariable };

/** "Adicionar variável" and "Editar": the name (fixed once created) and the value. */
function VariableFormDialog({
  productId,
  variable,
  onClose,
}: {
  productId: string;
  variable?: ProductVariable;
  onClose: () => void;
}) {
  const save = useSaveProductVariable(productId);
  const form = useForm({
    resolver: zodResolver(productVariableFormSchema),
    defaultValues: { name: variable?.name ?? '', value: variable?.value ?? '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ name, value }) => {
    save.mutate(
      { productId, name, value },
      {
        onSuccess: (response) => {
          toast.success(response.message);
          onClose();
        },
      },
    );
  });
  const f = text.form;
  return (
    <FormDialog
      onClose={onClose}
      title={variable ? f.editTitle : f.createTitle}
      description={variable ? f.editDescription : f.createDescription}
      onSubmit={onSubmit}
      pending={save.isPending}
      cancelLabel={f.cancel}
      submitLabel={variable ? f.save : f.create}
      className="max-h-[90dvh] overflow-y-auto sm:max-w-xl"
    >
      <InputField
        id="variable-name"
        label={f.name}
        autoComplete="off"
        spellCheck={false}
        className="font-mono"
        placeholder={f.namePlaceholder}
        hint={f.nameHint}
        maxLength={KEYAUTH_LIMITS.variableNameMax}
        readOnly={Boolean(variable)}
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextareaField
        id="variable-value"
        label={f.value}
        rows={6}
        spellCheck={false}
        className="font-mono text-xs"
        maxLength={KEYAUTH_LIMITS.variableValueMax}
        error={errors.value?.message}
        {...form.register('value')}
      />
    </FormDialog>
  );
}

function DeleteVariableDialog({
  productId,
  variable,
  onClose,
}: {
  productId: string;
  variable: ProductVariable;
  onClose: () => void;
}) {
  const remove = useDeleteProductVariable(productId);
  return (
    <ConfirmActionDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={text.deleteDialog.title}
      description={text.deleteDialog.description(variable.name)}
      confirmLabel={text.deleteDialog.confirm}
      cancelLabel={text.deleteDialog.cancel}
      destructive
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(
          { productId, name: variable.name },
          {
            onSuccess: (response) => {
              toast.success(response.message);
              onClose();
            },
          },
        )
      }
    />
  );
}

function VariableRow({
  variable,
  onEdit,
  onDelete,
}: {
  variable: ProductVariable;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <li className="flex min-w-0 items-start gap-2 py-3">
      <div className="grid min-w-0 flex-1 gap-1">
        <span className="font-mono text-sm font-medium break-all">{variable.name}</span>
        <span className="text-muted-foreground line-clamp-2 font-mono text-xs break-all whitespace-pre-wrap">
          {variable.value === '' ? text.emptyValue : variable.value}
        </span>
      </div>
      <Button variant="ghost" size="icon" aria-label={text.editOf(variable.name)} onClick={onEdit}>
        <Pencil aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="text-destructive hover:text-destructive"
        aria-label={text.deleteOf(variable.name)}
        onClick={onDelete}
      >
        <Trash2 aria-hidden />
      </Button>
    </li>
  );
}

/** "Variáveis": what KeyAuth's `var` answers to the product's logged-in loaders. */
export function KeyAuthVariablesCard({ productId }: { productId: string }) {
  const variables = useProductVariables(productId);
  const [dialog, setDialog] = useState<VariableDialog | null>(null);
  const close = () => setDialog(null);
  const limit = variables.data?.limit ?? KEYAUTH_LIMITS.variablesPerProduct;
  const items = variables.data?.items ?? [];

  let body;
  if (variables.isError && !variables.data) body = <LoadErrorAlert error={variables.error} />;
  else if (variables.isPending)
    body = <p className="text-muted-foreground text-sm">{text.loading}</p>;
  else if (items.length === 0) body = <p className="text-muted-foreground text-sm">{text.empty}</p>;
  else {
    body = (
      <ul className="divide-y" aria-label={text.title}>
        {items.map((variable) => (
          <VariableRow
            key={variable.name}
            variable={variable}
            onEdit={() => setDialog({ kind: 'edit', variable })}
            onDelete={() => setDialog({ kind: 'delete', variable })}
          />
        ))}
      </ul>
    );
  }

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>
          <h2>{text.title}</h2>
        </CardTitle>
        <CardDescription>{text.description(limit)}</CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-2">
        <Button
          size="sm"
          className="w-fit"
          disabled={items.length >= limit}
          onClick={() => setDialog({ kind: 'create' })}
        >
          <Plus aria-hidden />
          {text.add}
        </Button>
        {body}
        {variables.data ? (
          <p className="text-muted-foreground text-xs">{text.count(items.length, limit)}</p>
        ) : null}
      </CardContent>
      {dialog?.kind === 'create' ? (
        <VariableFormDialog productId={productId} onClose={close} />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <VariableFormDialog
          key={dialog.variable.name}
          productId={productId}
          variable={dialog.variable}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteVariableDialog productId={productId} variable={dialog.variable} onClose={close} />
      ) : null}
    </Card>
  );
}
