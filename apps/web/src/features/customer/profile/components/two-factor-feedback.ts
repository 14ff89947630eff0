import { toast } from 'sonner';
import { playSound } from '@/lib/sounds';

/** Success toast and sound; a failure sounds (its toast comes from the query client). */
export const twoFactorFeedback = {
  onSuccess: (answer: { message: string }) => {
    toast.success(answer.message);
    playSound('success');
  },
  onError: () => playSound('error'),
};
