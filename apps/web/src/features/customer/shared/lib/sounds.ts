export type Sound = 'success' | 'error';

/** Plays a short feedback sound; browsers that block or lack audio simply stay silent. */
export function playSound(sound: Sound): void {
  try {
    const audio = new Audio(`/sounds/${sound}.wav`);
    audio.volume = 0.4;
    void audio.play().catch(() => undefined);
  } catch {
    // No Audio (tests, old browsers): feedback is visual anyway.
  }
}
