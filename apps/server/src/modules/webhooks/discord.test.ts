import { describe, expect, it } from 'vitest';
import { discordMessage, discordText, formatOf } from './discord.js';

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

describe('a product status change in Discord', () => {
  const change = (data: Record<string, unknown>) =>
    discordMessage({
      id: 'evt-2',
      type: 'product.status_changed',
      createdAt: '2026-01-15T12:00:00.000Z',
      data: {
        product: { id: 'p1', name: 'Aim' },
        status: 'updating',
        previousStatus: 'operational',
        note: null,
        timeFrozen: true,
        previousTimeFrozen: false,
        since: '2026-01-15T12:00:00.000Z',
        subscriptionsAffected: 40,
        givenBackMs: 0,
        changedBy: 'gerente',
        reason: 'interno',
        ...data,
      },
    }).embeds[0]!;

  it.each([
    ['operational', 0x2ecc71, 'Operacional'],
    ['updating', 0xf1c40f, 'Em atualização'],
    ['unavailable', 0xe74c3c, 'Indisponível'],
  ])('shows %s in its colour and its pt-BR label', (status, color, label) => {
    const embed = change({ status });
    expect(embed.title).toBe('Status do produto alterado');
    expect(embed.color).toBe(color);
    expect(embed.fields).toContainEqual({ name: 'Status', value: label, inline: true });
  });

  it('shows the time given back and the note as typed; not who, why or how many', () => {
    const embed = change({
      status: 'operational',
      previousStatus: 'updating',
      timeFrozen: false,
      previousTimeFrozen: true,
      givenBackMs: 90 * 60_000,
      note: '[Suporte](https://evil.example) @here',
    });
    expect(embed.fields).toEqual([
      { name: 'Produto', value: 'Aim', inline: true },
      { name: 'Status', value: 'Operacional', inline: true },
      { name: 'Status anterior', value: 'Em atualização', inline: true },
      { name: 'Tempo congelado', value: 'Não', inline: true },
      { name: 'Tempo devolvido', value: '1 h 30 min', inline: true },
      {
        name: 'Nota',
        value: '\\[Suporte\\](https:\u200b//evil.example) @\u200bhere',
        inline: false,
      },
    ]);
    expect(JSON.stringify(embed)).not.toMatch(/gerente|interno|40/);
  });
});

describe('what someone typed, in a Discord message', () => {
  const HOSTILE = [
    '[Suporte](https://evil.example)',
    'https://evil.example/nitro-gratis discord://x',
    '@everyone @here',
    '<@123456789012345678> <@!1> <#987> <@&555> <t:1700000000:R> </cmd:1>',
    '```js\nalert(1)\n```',
    '# Título\n## sub\n-# pequeno',
    '- item\n* item\n+ item\n1. item',
    '1. lista',
    '> citação\n>>> bloco',
    '**negrito** __sublinhado__ *itálico* ~~riscado~~ ||spoiler|| `código`',
    '\\*já escapado\\*',
    'conta\u202elanif',
    'x'.repeat(5000),
  ];

  /** Inert: nothing but escaped punctuation, no link scheme, no mention, one line. */
  function expectInert(value: string) {
    const unescaped = value.replace(/\\[^A-Za-z0-9\s]/g, '');
    expect(unescaped).not.toMatch(/[\\`*_~|[\]<>#+-]/);
    expect(value).not.toMatch(/:\/\//);
    expect(value).not.toMatch(/@(?!\u200b)/);
    expect(value).not.toMatch(/^\d+\./);
    expect(value).not.toMatch(/[\n\r\u202a-\u202e\u2066-\u2069]/);
    expect(value.length).toBeLessThanOrEqual(1024);
  }

  /** Inert in a code span: one span, one line. */
  function expectCodeSpan(value: string) {
    expect(value).toMatch(/^`[^`\n\r]*`$/);
    expect(value.length).toBeLessThanOrEqual(1024);
  }

  it.each(HOSTILE.map((hostile) => [hostile.slice(0, 80), hostile]))(
    'shows %j as typed in every field, never as markdown',
    (_shown, hostile) => {
      const message = discordMessage({
        id: hostile,
        type: 'loader.hwid_mismatch',
        createdAt: '2026-01-15T12:00:00.000Z',
        data: {
          product: { id: 'p1', name: hostile },
          user: { id: 'u1', username: hostile },
          key: { value: hostile, days: 30 },
          reference: hostile,
          hwid: hostile,
          ip: hostile,
        },
      });
      const embed = message.embeds[0]!;
      const values = Object.fromEntries(embed.fields.map((f) => [f.name, f.value]));
      for (const name of ['Produto', 'Usuário', 'Referência', 'IP']) expectInert(values[name]!);
      for (const name of ['Chave', 'HWID']) expectCodeSpan(values[name]!);
      expectInert(embed.description.split(' · ')[1]!);
      expect(message.allowed_mentions).toEqual({ parse: [] });
    },
  );

  it('turns a masked link, a mention and a heading into their text', () => {
    expect(discordText('[Suporte](https://evil.example)')).toBe(
      '\\[Suporte\\](https:\u200b//evil.example)',
    );
    expect(discordText('@everyone')).toBe('@\u200beveryone');
    expect(discordText('<@&555>')).toBe('\\<@\u200b&555\\>');
    expect(discordText('# Olá\n- item')).toBe('\\# Olá \\- item');
    expect(discordText('a`b', 'code')).toBe('`aˋb`');
    expect(discordText('Aim Pro 2')).toBe('Aim Pro 2');
    expect(discordText('127.0.0.1')).toBe('127.0.0.1');
  });
});

describe('a loader security event in Discord', () => {
  it('names the signal and the action in pt-BR, in red, the detail as code', () => {
    const message = discordMessage({
      id: 'evt-3',
      type: 'loader.tampered',
      createdAt: '2026-01-15T12:00:00.000Z',
      data: {
        securityEventId: 'e1',
        user: { id: 'u1', username: 'joao', email: null },
        product: { id: 'p1', name: 'Aim' },
        subscriptionId: 's1',
        machineId: 'm1',
        hwid: 'PC-1',
        kind: 'hooked_api',
        detail: 'VirtualProtect @everyone',
        action: 'blacklist_hwid',
        ip: '198.51.100.20',
      },
    });
    expect(message.embeds[0]).toMatchObject({
      title: 'Loader adulterado ou sob análise',
      color: 0xe74c3c,
      fields: [
        { name: 'Produto', value: 'Aim', inline: true },
        { name: 'Usuário', value: 'joao', inline: true },
        { name: 'HWID', value: '`PC-1`', inline: true },
        { name: 'IP', value: '198.51.100.20', inline: true },
        { name: 'Sinal', value: 'API interceptada (hook)', inline: true },
        { name: 'Ação', value: 'HWID bloqueado', inline: true },
        { name: 'Detalhe', value: '`VirtualProtect @everyone`', inline: false },
      ],
    });
  });
});
