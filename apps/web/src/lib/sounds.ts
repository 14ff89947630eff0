/**
 * Short feedback sounds from /public/sounds: success and error for the customer's actions, ban
 * for the admin's (spec §2). Browsers that block autoplay or lack audio simply stay silent.
 */
export type Sound = 'success' | 'error' | 'ban';

const VOLUME: Record<Sound, number> = { success: 0.4, error: 0.4, ban: 0.6 };

export function playSound(sound: Sound): void {
  try {
    const audio = new Audio(`/sounds/${sound}.wav`);
    audio.volume = VOLUME[sound];
    void audio.play().catch(() => undefined);
  } catch {
    // No Audio (tests, old browsers): feedback is visual anyway.
  }
}
