import { Wallet } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { texts } from '../lib/texts';

const t = texts.header;

/** Online payments are not live yet: the button explains where deposits happen instead. */
export function DepositDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">
          <Wallet aria-hidden />
          <span className="hidden md:inline">{t.deposit}</span>
          <span className="sr-only md:hidden">{t.deposit}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t.depositTitle}</DialogTitle>
          <DialogDescription>{t.depositBody}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button asChild>
            <Link to="/dashboard/support" onClick={() => setOpen(false)}>
              {t.depositLink}
            </Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
