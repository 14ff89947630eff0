import type { AvatarStyle } from '@chaveiro/contract';
import type { Style } from '@dicebear/core';
import { createAvatar } from '@dicebear/core';
import { bottts, identicon, initials, shapes, thumbs } from '@dicebear/collection';

// Every style here is CC0 or free for commercial use (DiceBear's per-style licences).
// Each style has its own options type; none of ours is style-specific, so they share one.
const styles: Record<AvatarStyle, Style<object>> = { bottts, thumbs, shapes, identicon, initials };

/** Renders avatars locally (DESIGN.md: no external avatar service). */
export function createAvatarRenderer() {
  return {
    svg(style: AvatarStyle, seed: string): string {
      return createAvatar(styles[style], { seed, size: 128 }).toString();
    },
  };
}

export type AvatarRenderer = ReturnType<typeof createAvatarRenderer>;
