import type { WebhookFormat } from '@chaveiro/contract';
import { WEBHOOK_EVENT_LABELS, webhookTexts } from '@chaveiro/contract';
import { formatBrDateTime, formatCents } from '../../platform/pt-br.js';
import type { WebhookBody } from './webhook-payloads.js';

const DISCORD_HOSTS = new Set([
  'discord.com',
  'discordapp.com',
  'ptb.discord.com',
  'canary.discord.com',
  'ptb.discordapp.com',
  'canary.discordapp.com',
]);

/** A Discord webhook URL (`https://discord.com/api/webhooks/<id>/<token>` and its variants). */
export function isDiscordWebhookUrl(url: URL): boolean {
  return (
    url.protocol === 'https:' &&
    DISCORD_HOSTS.has(url.hostname.toLowerCase()) &&
    /^\/api(\/v\d+)?\/webhooks\/[^/]+\/[^/]+/.test(url.pathname)
  );
}

/** The body format an endpoint's URL gets. */
export function formatOf(url: string): WebhookFormat {
  return isDiscordWebhookUrl(new URL(url)) ? 'discord' : 'json';
}

/** Embed colours per kind of event: money green, trouble red, time amber, the rest blurple. */
const COLORS = { money: 0x2ecc71, trouble: 0xe74c3c, time: 0xf1c40f, info: 0x5865f2 } as const;

function colorOf(type: WebhookBody['type']): number {
  switch (type) {
    case 'purchase.completed':
    case 'deposit.paid':
    case 'key.redeemed':
      return COLORS.money;
    case 'deposit.refunded':
    case 'user.banned':
    case 'loader.hwid_mismatch':
    case 'subscription.expired':
      return COLORS.trouble;
    case 'subscription.expiring':
    case 'subscription.paused':
      return COLORS.time;
    default:
      return COLORS.info;
  }
}

interface EmbedField {
  name: string;
  value: string;
  inline: boolean;
}

type Data = Record<string, unknown>;

function objectAt(data: Data, key: string): Data | null {
  const value = data[key];
  return typeof value === 'object' && value !== null ? (value as Data) : null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Discord limits a field's value to 1 024 characters. */
function field(name: string, value: string | null, inline = true): EmbedField[] {
  return value === null ? [] : [{ name, value: value.slice(0, 1024), inline }];
}

/** The pt-BR embed fields of an event's data, in a fixed order. */
function fieldsOf(body: WebhookBody): EmbedField[] {
  const f = webhookTexts.fields;
  const data = body.data;
  const user = objectAt(data, 'user');
  const product = objectAt(data, 'product');
  const key = objectAt(data, 'key');
  const subscription = objectAt(data, 'subscription');
  const expiresAt = text(subscription?.expiresAt);
  const cents = typeof data.amountCents === 'number' ? data.amountCents : null;
  const balanceAfter = typeof data.balanceAfterCents === 'number' ? data.balanceAfterCents : null;
  return [
    ...field(f.product, text(product?.name)),
    ...field(
      f.user,
      user
        ? (text(user.username) ?? webhookTexts.deletedUser)
        : data.user === null
          ? webhookTexts.deletedUser
          : null,
    ),
    ...field(f.key, text(key?.value) && `\`${String(key?.value)}\``),
    ...field(f.days, typeof key?.days === 'number' ? String(key.days) : null),
    ...field(f.amount, cents === null ? null : formatCents(cents)),
    ...field(f.balanceAfter, balanceAfter === null ? null : formatCents(balanceAfter)),
    ...field(f.reference, text(data.reference)),
    ...field(f.hwid, text(data.hwid) && `\`${String(data.hwid)}\``),
    ...field(f.ip, text(data.ip)),
    ...field(
      f.machines,
      typeof data.machinesReleased === 'number' ? String(data.machinesReleased) : null,
    ),
    ...field(f.expiresAt, expiresAt && `${formatBrDateTime(Date.parse(expiresAt))} (São Paulo)`),
  ];
}

function descriptionOf(body: WebhookBody): string {
  if (body.type === 'webhook.test') return webhookTexts.testDescription;
  return `\`${body.type}\` · ${body.id}`;
}

/** The Discord message for one event: a pt-BR embed (Discord ignores unknown JSON). */
export function discordMessage(body: WebhookBody) {
  return {
    username: 'Chaveiro',
    embeds: [
      {
        title: WEBHOOK_EVENT_LABELS[body.type],
        description: descriptionOf(body),
        color: colorOf(body.type),
        fields: fieldsOf(body),
        timestamp: body.createdAt,
        footer: { text: webhookTexts.discordFooter },
      },
    ],
    // Never ping @everyone or roles from data someone typed (a username).
    allowed_mentions: { parse: [] as string[] },
  };
}
