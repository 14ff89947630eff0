import { UserInitial } from '@/components/layout/user-initial';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';

/** The admin's uploaded avatar, or the first letter of the username while none is set. */
export function AdminAvatar({
  username,
  src,
  className,
}: {
  username: string;
  src: string | null | undefined;
  className?: string;
}) {
  return (
    <Avatar className={cn('size-8', className)}>
      {src ? <AvatarImage src={src} alt="" className="object-cover" /> : null}
      <AvatarFallback className="bg-transparent">
        <UserInitial username={username} className="size-full" />
      </AvatarFallback>
    </Avatar>
  );
}
