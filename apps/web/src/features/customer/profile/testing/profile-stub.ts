import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { jsonResponse, stubApi, type ApiHandler } from '@/testing/api-stub';
import { aProfile } from '@/testing/customer-fixtures';

/** The sounds played (their files), recorded by a stand-in for the browser's Audio. */
export const played: string[] = [];

/** Replaces Audio with the recorder of `played`, emptied. */
export function recordSounds() {
  played.length = 0;
  vi.stubGlobal(
    'Audio',
    class {
      volume = 1;
      constructor(readonly src: string) {}
      play() {
        played.push(this.src);
        return Promise.resolve();
      }
    },
  );
}

/**
 * The profile API: reads answer `profile` (no sessions, status e-mails on), writes go to `write`.
 */
export function stubProfile(write: ApiHandler = () => jsonResponse(500, {}), profile = aProfile()) {
  return stubApi((request) => {
    if (request.method !== 'GET') return write(request);
    if (request.url === '/api/profile/sessions') return jsonResponse(200, { sessions: [] });
    if (request.url === '/api/notifications/preferences') {
      return jsonResponse(200, { productStatusMail: true });
    }
    return jsonResponse(200, profile);
  });
}

export const RECOVERY_CODES = Array.from(
  { length: 10 },
  (_, index) => `ACEF${String(index)}-GHJK${String(index)}`,
);

/** jsdom's Blob has no text(); FileReader reads it. */
export function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable blob'));
    reader.readAsText(blob);
  });
}

/** Opens the profile's section (a form or dialog) behind the button `name`. */
export async function openSection(name: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name }));
  return user;
}
