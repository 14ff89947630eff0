/** Spec §2: a ban sound plays on admin actions. Browsers may block autoplay; that is fine. */
export function playBanSound(): void {
  try {
    const audio = new Audio('/sounds/ban.wav');
    audio.volume = 0.6;
    void audio.play().catch(() => undefined);
  } catch {
    // No audio support (tests, locked-down browsers): stay silent.
  }
}
