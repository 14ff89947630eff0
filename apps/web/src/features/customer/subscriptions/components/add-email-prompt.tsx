import { MailPlus } from 'lucide-react';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useProfile } from '@/hooks/use-profile';
import { addEmailTexts } from '../add-email-texts';

/**
 * The dashboard's ask to an account without e-mail (a KeyAuth import or register):
 * the profile's e-mail change, confirmed by link, is how one is added.
 */
export function AddEmailPrompt() {
  const profile = useProfile();
  if (!profile.data || profile.data.email !== null) return null;
  const pending = profile.data.pending_email;
  return (
    <Alert role="note" aria-labelledby="add-email-title">
      <MailPlus aria-hidden />
      <AlertTitle id="add-email-title">{addEmailTexts.title}</AlertTitle>
      <AlertDescription className="grid gap-3">
        <p className="[overflow-wrap:anywhere]">
          {pending ? addEmailTexts.pending(pending) : addEmailTexts.body}
        </p>
        <Button asChild size="sm" variant={pending ? 'outline' : 'default'} className="w-fit">
          <Link to="/dashboard/profile">
            {pending ? addEmailTexts.pendingAction : addEmailTexts.action}
          </Link>
        </Button>
      </AlertDescription>
    </Alert>
  );
}
