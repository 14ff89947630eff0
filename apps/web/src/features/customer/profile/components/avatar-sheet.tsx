import type { Profile } from '@chaveiro/contract';
import { Check, ImageIcon, Upload } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from '@/components/ui/sheet';
import { cn } from '@/lib/utils';
import { playSound } from '@/lib/sounds';
import { useSelectAvatar } from '../api/select-avatar';
import { useUploadAvatar } from '../api/upload-avatar';
import { texts as t } from '../texts';

/** The 4 generated presets of spec §2, or an own PNG/JPEG picture. */
export function AvatarSheet({ profile }: { profile: Profile }) {
  const select = useSelectAvatar();
  const upload = useUploadAvatar();
  const busy = select.isPending || upload.isPending;
  return (
    <Sheet>
      <SheetTrigger asChild>
        <Button variant="outline" size="sm">
          <ImageIcon aria-hidden />
          {t.changeAvatar}
        </Button>
      </SheetTrigger>
      <SheetContent side="right" className="w-full sm:max-w-sm">
        <SheetHeader>
          <SheetTitle>{t.avatarTitle}</SheetTitle>
          <SheetDescription>{t.avatarBody}</SheetDescription>
        </SheetHeader>
        <div className="grid grid-cols-2 gap-3 px-4 pb-6">
          {profile.avatar_presets.map((url, index) => {
            const current = url === profile.avatar_url;
            return (
              <button
                key={url}
                type="button"
                aria-label={t.avatarOption(index + 1)}
                aria-pressed={current}
                disabled={busy}
                onClick={() =>
                  select.mutate(url, {
                    onSuccess: (answer) => {
                      toast.success(answer.message);
                      playSound('success');
                    },
                    onError: () => playSound('error'),
                  })
                }
                className={cn(
                  'hover:bg-accent focus-visible:ring-ring/50 relative flex aspect-square items-center justify-center rounded-xl border p-4 transition outline-none focus-visible:ring-[3px] disabled:opacity-60',
                  current && 'border-primary ring-primary/30 ring-2',
                )}
              >
                <img src={url} alt="" className="size-full rounded-full" />
                {current ? (
                  <span className="bg-primary text-primary-foreground absolute top-2 right-2 flex size-5 items-center justify-center rounded-full">
                    <Check className="size-3" aria-hidden />
                    <span className="sr-only">{t.avatarCurrent}</span>
                  </span>
                ) : null}
              </button>
            );
          })}
        </div>
        <div className="px-4 pb-6">
          <label
            className={cn(
              'hover:bg-accent focus-within:ring-ring/50 flex cursor-pointer items-center justify-center gap-2 rounded-xl border border-dashed p-4 text-sm font-medium focus-within:ring-[3px]',
              busy && 'pointer-events-none opacity-60',
            )}
          >
            <Upload className="size-4" aria-hidden />
            {t.avatarUpload}
            <input
              type="file"
              accept="image/png,image/jpeg"
              className="sr-only"
              disabled={busy}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (!file) return;
                upload.mutate(file, {
                  onSuccess: () => {
                    toast.success(t.avatarUploaded);
                    playSound('success');
                  },
                  onError: () => playSound('error'),
                });
              }}
            />
          </label>
        </div>
      </SheetContent>
    </Sheet>
  );
}
