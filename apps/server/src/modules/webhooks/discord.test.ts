import { describe, expect, it } from 'vitest';
import { discordMessage, formatOf } from './discord.js';

describe('Discord endpoints', () => {
  it.each([
    'https://discord.com/api/webhooks/123/abc',
    'https://discordapp.com/api/webhooks/123/abc',
    'https://ptb.discord.com/api/webhooks/123/abc',
    'https://canary.discord.com/api/v10/webhooks/123/abc?thread_id=9',
    'https://DISCORD.com/api/webhooks/123/abc',
  ])('recognises %s', (url) => {
    expect(formatOf(url)).toBe('discord');
  });

  it.each([
    'http://discord.com/api/webhooks/123/abc',
    'https://discord.com.example.com/api/webhooks/123/abc',
    'https://evil.com/discord.com/api/webhooks/123/abc',
    'https://discord.com/channels/123',
    'https://example.com/api/webhooks/123/abc',
  ])('sends plain JSON to %s', (url) => {
    expect(formatOf(url)).toBe('json');
  });

  it('names a deleted user and leaves out what the event does not have', () => {
    const message = discordMessage({
      id: 'evt-1',
      type: 'hwid.reset',
      createdAt: '2026-01-15T12:00:00.000Z',
      data: {
        subscription: { id: 's1', expiresAt: '2026-02-14T12:00:00.000Z' },
        product: { id: 'p1', name: 'Aim' },
        user: null,
        machinesReleased: 2,
      },
    });
    expect(message.embeds[0]).toMatchObject({
      title: 'HWID redefinido',
      fields: [
        { name: 'Produto', value: 'Aim', inline: true },
        { name: 'Usuário', value: 'Conta excluída', inline: true },
        { name: 'Máquinas liberadas', value: '2', inline: true },
        { name: 'Expira em', value: '14/02/2026 09:00 (São Paulo)', inline: true },
      ],
    });
    expect(message.allowed_mentions).toEqual({ parse: [] });
  });
});
