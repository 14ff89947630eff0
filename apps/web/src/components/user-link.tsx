import { Link } from 'react-router';
import { cn } from '@/lib/utils';

interface UserLinkProps {
  /** Null once the account is gone: the name shows as plain text. */
  id: string | null | undefined;
  username: string;
  className?: string;
}

/** A username in the admin console, linked to that customer's page. */
export function UserLink({ id, username, className }: UserLinkProps) {
  if (!id) return <span className={className}>{username}</span>;
  return (
    <Link
      to={`/admin/users/${encodeURIComponent(id)}`}
      className={cn('font-medium underline-offset-4 hover:underline', className)}
    >
      {username}
    </Link>
  );
}
