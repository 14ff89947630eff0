import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { PendingButton } from '@/components/form/pending-button';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { useUpdateSetting } from '../api/update-setting';
import { settingsTexts } from '../texts';

const texts = settingsTexts.confirmSetting;

/** A change of one of the switches that reach every customer at once. */
export type GlobalSettingChange =
  | { key: 'server_status'; value: keyof typeof texts.server_status }
  | { key: 'maintenance_mode'; value: keyof typeof texts.maintenance_mode }
  | { key: 'pause_all_users'; value: keyof typeof texts.pause_all_users };

function textsOf(change: GlobalSettingChange) {
  switch (change.key) {
    case 'server_status':
      return { ...texts.server_status[change.value], harmful: change.value === 'offline' };
    case 'maintenance_mode':
      return { ...texts.maintenance_mode[change.value], harmful: change.value === 'on' };
    case 'pause_all_users':
      return { ...texts.pause_all_users[change.value], harmful: change.value === 'on' };
  }
}

/**
 * A global switch changes only after a confirmation saying what will happen to every customer,
 * both ways. `request` opens the confirmation; `dialog` is rendered by the caller;
 * `shown` is the value to display while the confirmed change is on its way.
 */
export function useConfirmedSetting() {
  const update = useUpdateSetting();
  const [change, setChange] = useState<GlobalSettingChange | null>(null);
  const [last, setLast] = useState<GlobalSettingChange | null>(null);

  const request = (next: GlobalSettingChange) => {
    setChange(next);
    setLast(next);
  };
  const confirm = () => {
    if (!change || update.isPending) return;
    update.mutate(change, {
      onSuccess: (response) => {
        toast.success(response.message);
        setChange(null);
      },
    });
  };

  // The dialog keeps its texts while it closes (`last`), so they do not vanish mid-animation.
  const shownTexts = last ? textsOf(last) : null;
  const dialog = (
    <AlertDialog
      open={change !== null}
      onOpenChange={(open) => !open && !update.isPending && setChange(null)}
    >
      {shownTexts ? (
        <AlertDialogContent>
          <form
            noValidate
            className="grid gap-4"
            onSubmit={(event: FormEvent) => {
              event.preventDefault();
              confirm();
            }}
          >
            <AlertDialogHeader>
              <AlertDialogTitle>{shownTexts.title}</AlertDialogTitle>
              <AlertDialogDescription>{shownTexts.description}</AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel type="button" disabled={update.isPending}>
                {settingsTexts.cancel}
              </AlertDialogCancel>
              <PendingButton
                type="submit"
                variant={shownTexts.harmful ? 'destructive' : 'default'}
                pending={update.isPending}
              >
                {shownTexts.confirm}
              </PendingButton>
            </AlertDialogFooter>
          </form>
        </AlertDialogContent>
      ) : null}
    </AlertDialog>
  );

  return {
    request,
    dialog,
    pending: update.isPending,
    /** The value being saved, while it is on its way. */
    saving: update.isPending ? update.variables.value : undefined,
  };
}
