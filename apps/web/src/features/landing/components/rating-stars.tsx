import { Star } from 'lucide-react';

/** Five stars, `rating` of them filled; read out as "Nota N de 5". */
export function RatingStars({
  rating,
  className = 'size-4',
}: {
  rating: number;
  className?: string;
}) {
  return (
    <span role="img" aria-label={`Nota ${String(rating)} de 5`} className="flex gap-0.5">
      {[1, 2, 3, 4, 5].map((star) => (
        <Star
          key={star}
          aria-hidden
          className={`${className} ${star <= rating ? 'fill-amber-400 text-amber-400' : 'fill-muted text-muted-foreground/40'}`}
        />
      ))}
    </span>
  );
}
