import type { PaymentInstructions } from '@chaveiro/contract';
import { Wallet } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { PixInstructions } from '@/components/pix/pix-instructions';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Separator } from '@/components/ui/separator';
import { useDeposit } from '../api/get-deposit';
import { depositTexts as t } from '../texts';
import { DepositAmountForm } from './deposit-amount-form';
import { RecentDeposits } from './recent-deposits';
import { useDepositsWatch } from './use-deposits-watch';

/** What the dialog shows: the amount form, fresh instructions, or a pending deposit's. */
type Step =
  | { kind: 'form' }
  | { kind: 'created'; instructions: PaymentInstructions }
  | { kind: 'pending'; id: string };

function PendingInstructions({ id }: { id: string }) {
  const deposit = useDeposit(id);
  if (deposit.isPending)
    return <p className="text-muted-foreground text-sm">{t.loadingInstructions}</p>;
  const instructions = deposit.data?.instructions;
  if (!instructions) return <p className="text-sm">{t.instructionsUnavailable}</p>;
  return <PixInstructions instructions={instructions} />;
}

/** The dialog's inside; it mounts on every opening, so each one starts at the amount form. */
function DepositDialogBody({ onClose }: { onClose: () => void }) {
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const paying = step.kind !== 'form';

  return (
    <>
      <DialogHeader>
        <DialogTitle>{paying ? t.instructionsTitle : t.title}</DialogTitle>
        <DialogDescription>{paying ? t.instructionsDescription : t.description}</DialogDescription>
      </DialogHeader>
      {step.kind === 'form' ? (
        <>
          <DepositAmountForm
            onCreated={(response) =>
              setStep({ kind: 'created', instructions: response.instructions })
            }
            onCancel={onClose}
          />
          <Separator />
          <RecentDeposits onShowInstructions={(id) => setStep({ kind: 'pending', id })} />
        </>
      ) : (
        <>
          {step.kind === 'created' ? (
            <PixInstructions instructions={step.instructions} />
          ) : (
            <PendingInstructions id={step.id} />
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => setStep({ kind: 'form' })}>
              {step.kind === 'created' ? t.newDeposit : t.back}
            </Button>
            <Button type="button" onClick={onClose}>
              {t.done}
            </Button>
          </div>
        </>
      )}
    </>
  );
}

interface DepositDialogProps {
  /** The button that opens the dialog; the header's 'Depositar' by default, null for none. */
  trigger?: ReactNode;
  /** Controlled use (e.g. the shop opening it from "saldo insuficiente"). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/**
 * The header's 'Depositar': amount and method, then the PIX instructions with the reference
 * code, and the latest deposits with their status.
 */
export function DepositDialog({ trigger, open: controlledOpen, onOpenChange }: DepositDialogProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(false);
  useDepositsWatch();
  const open = controlledOpen ?? uncontrolledOpen;
  const setOpen = (next: boolean) => {
    setUncontrolledOpen(next);
    onOpenChange?.(next);
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {trigger === null ? null : (
        <DialogTrigger asChild>
          {trigger ?? (
            <Button size="sm">
              <Wallet aria-hidden />
              <span className="hidden md:inline">{t.headerDeposit}</span>
              <span className="sr-only md:hidden">{t.headerDeposit}</span>
            </Button>
          )}
        </DialogTrigger>
      )}
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-md">
        <DepositDialogBody onClose={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
