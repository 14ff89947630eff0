import { usernameSchema } from '@chaveiro/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { ImageUp } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { UsernameField } from '@/components/form/input-fields';
import { PendingButton } from '@/components/form/pending-button';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useUpdateAdminProfile } from '../api/update-admin-profile';
import { AdminAvatar } from './admin-avatar';

const profileFormSchema = z.object({ username: usernameSchema });

interface AdminProfileDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  username: string;
  avatarUrl: string | null | undefined;
}

/** 'Personalizar Perfil' (spec §2, §4): username and avatar image, multipart on save. */
export function AdminProfileDialog({
  open,
  onOpenChange,
  username,
  avatarUrl,
}: AdminProfileDialogProps) {
  const update = useUpdateAdminProfile();
  return (
    <Dialog open={open} onOpenChange={(next) => !update.isPending && onOpenChange(next)}>
      <DialogContent className="sm:max-w-[425px]">
        <DialogHeader>
          <DialogTitle>Personalizar Perfil</DialogTitle>
          <DialogDescription>Altere seu nome de usuário e sua foto de perfil.</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so each opening starts from the saved profile. */}
        <ProfileForm
          username={username}
          avatarUrl={avatarUrl}
          update={update}
          onClose={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

function ProfileForm({
  username,
  avatarUrl,
  update,
  onClose,
}: {
  username: string;
  avatarUrl: string | null | undefined;
  update: ReturnType<typeof useUpdateAdminProfile>;
  onClose: () => void;
}) {
  const fileInputId = useId();
  const [avatar, setAvatar] = useState<File | undefined>();
  const [preview, setPreview] = useState<string | undefined>();
  const form = useForm({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { username },
  });
  const { errors } = form.formState;
  const typedUsername = useWatch({ control: form.control, name: 'username' });

  const onPickAvatar = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file?.type.startsWith('image/')) {
      setAvatar(undefined);
      setPreview(undefined);
      return;
    }
    setAvatar(file);
    const reader = new FileReader();
    reader.onload = () => setPreview(typeof reader.result === 'string' ? reader.result : undefined);
    reader.readAsDataURL(file);
  };

  const onSubmit = form.handleSubmit((values) => {
    update.mutate(
      { username: values.username, avatar },
      {
        onSuccess: (response) => {
          toast.success(response.message);
          onClose();
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <div className="flex items-center gap-4">
        <AdminAvatar
          username={typedUsername || username}
          src={preview ?? avatarUrl}
          className="size-16 text-xl"
        />
        <div className="grid min-w-0 gap-1.5">
          <Button type="button" variant="outline" size="sm" asChild>
            <label htmlFor={fileInputId} className="cursor-pointer">
              <ImageUp aria-hidden />
              Escolher imagem
            </label>
          </Button>
          <p className="text-muted-foreground truncate text-xs">
            {avatar ? avatar.name : 'PNG, JPEG, WebP ou GIF até 2 MB.'}
          </p>
          <input
            id={fileInputId}
            type="file"
            accept="image/*"
            aria-label="Avatar"
            className="sr-only"
            onChange={onPickAvatar}
          />
        </div>
      </div>
      <UsernameField
        id="admin-profile-username"
        label="Username"
        error={errors.username?.message}
        {...form.register('username')}
      />
      <DialogFooter>
        <Button type="button" variant="outline" disabled={update.isPending} onClick={onClose}>
          Cancelar
        </Button>
        <PendingButton type="submit" pending={update.isPending}>
          Salvar
        </PendingButton>
      </DialogFooter>
    </form>
  );
}
