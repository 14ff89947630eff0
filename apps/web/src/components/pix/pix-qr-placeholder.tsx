import { Skeleton } from '@/components/ui/skeleton';

/** The QR code's place while its encoder loads (same size, so nothing jumps). */
export function PixQrPlaceholder() {
  return <Skeleton className="size-52 rounded-lg" aria-hidden />;
}
