import { describe, expect, it } from 'vitest';
import { messages } from './messages.js';
import { plural, pluralWord } from './plural.js';

describe('plural', () => {
  it.each([
    [0, '0 chaves geradas'],
    [1, '1 chave gerada'],
    [6, '6 chaves geradas'],
    [1000, '1.000 chaves geradas'],
  ])('writes %i with the words in agreement', (count, text) => {
    expect(plural(count, 'chave gerada', 'chaves geradas')).toBe(text);
  });

  it('treats -1 as singular, like 1', () => {
    expect(pluralWord(-1, 'dia', 'dias')).toBe('dia');
    expect(plural(-4, 'dia', 'dias')).toBe('-4 dias');
  });

  it('leaves no "(s)" in the messages that count things', () => {
    const counted = [
      messages.admin.keysGenerated(6),
      messages.admin.keysGenerated(1),
      messages.admin.productInUse(1, 2),
      messages.activity.subscriptionAdded('ana', 'Aim', 1),
      messages.activity.subscriptionDays('ana', 'Aim', -4),
      messages.activity.keysGenerated(1, 'Aim'),
      messages.activity.keyDaysReset('K', 1),
      messages.settings.allPaused(1),
      messages.settings.allResumed(3),
      messages.settings.hwidsReset(1),
      messages.settings.usersDeleted(2),
      messages.settings.logPauseAll(1),
      messages.settings.logResumeAll(1),
    ];
    for (const text of counted) expect(text).not.toMatch(/\((s|ns|es)\)/);
    expect(messages.admin.keysGenerated(6)).toBe('6 chaves geradas com sucesso!');
    expect(messages.admin.keysGenerated(1)).toBe('1 chave gerada com sucesso!');
    expect(messages.settings.allPaused(1)).toBe(
      'Todos os usuários foram pausados (1 assinatura congelada).',
    );
  });
});
