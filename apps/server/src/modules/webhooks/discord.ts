import type {
  ProductOperationalStatus,
  SecurityEventAction,
  SecurityEventKind,
  WebhookFormat,
} from '@chaveiro/contract';
import {
  PRODUCT_OPERATIONAL_LABELS,
  WEBHOOK_EVENT_LABELS,
  formatDuration,
  protectionMessages,
  webhookTexts,
} from '@chaveiro/contract';
import { formatBrDateTime, formatCents } from '../../platform/core/pt-br.js';
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

/** A product's status in its colour: working green, being updated amber, down red. */
const STATUS_COLORS: Record<ProductOperationalStatus, number> = {
  operational: COLORS.money,
  updating: COLORS.time,
  unavailable: COLORS.trouble,
};

function colorOf(body: WebhookBody): number {
  switch (body.type) {
    case 'product.status_changed':
      return STATUS_COLORS[statusAt(body.data, 'status') ?? 'operational'];
    case 'purchase.completed':
    case 'deposit.paid':
    case 'key.redeemed':
      return COLORS.money;
    case 'deposit.refunded':
    case 'user.banned':
    case 'loader.hwid_mismatch':
    case 'delivery.leaked':
    case 'loader.tampered':
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

function statusAt(data: Data, key: string): ProductOperationalStatus | null {
  const value = data[key];
  return typeof value === 'string' && Object.hasOwn(PRODUCT_OPERATIONAL_LABELS, value)
    ? (value as ProductOperationalStatus)
    : null;
}

/**
 * Characters Discord's markdown reads in a message or an embed: emphasis, strike, spoilers, code,
 * masked links (`[text](url)` needs its brackets), headings, lists, quotes, mentions and
 * timestamps (`<@id>`, `<#id>`, `<t:…>`). A backslash before any punctuation shows it as typed.
 */
const MARKDOWN = /[\\`*_~|[\]<>#\-+]/g;
/** Line breaks, other control characters and bidirectional overrides (text shown reversed). */
// eslint-disable-next-line no-control-regex -- control characters are what it removes
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g;
/** Zero-width space: breaks what a backslash cannot, a bare link or `@everyone`. */
const ZWSP = '\u200b';
/** Characters kept of one value: escaped, it stays within Discord's 1 024 per field value. */
const VALUE_MAX = 500;

/**
 * A value someone typed (a username, a product name, a HWID, a key), as Discord shows it: as
 * typed, never as markdown, a link, a mention or a heading. `code` shows it in a code span,
 * where Discord reads nothing but the backtick that would end it. Every field goes through here.
 */
export function discordText(value: string, style: 'text' | 'code' = 'text'): string {
  const raw = value.replace(CONTROLS, ' ');
  const kept = raw.length > VALUE_MAX ? `${raw.slice(0, VALUE_MAX)}…` : raw;
  if (style === 'code') return `\`${kept.replace(/`/g, 'ˋ')}\``;
  return (
    kept
      .replace(MARKDOWN, '\\$&')
      // `1. ` opens a numbered list.
      .replace(/^(\d+)\.(?=\s)/, '$1\\.')
      // A bare link (any scheme) would be linked and embedded.
      .replace(/:\/\//g, `:${ZWSP}//`)
      // @everyone, @here and any other @name.
      .replace(/@/g, `@${ZWSP}`)
  );
}

/** A field of the embed, its value escaped (null: the event has no such fact). */
function field(
  name: string,
  value: string | null,
  style: 'text' | 'code' = 'text',
  inline = true,
): EmbedField[] {
  return value === null ? [] : [{ name, value: discordText(value, style), inline }];
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
    ...field(f.key, text(key?.value), 'code'),
    ...field(f.days, typeof key?.days === 'number' ? String(key.days) : null),
    ...field(f.amount, cents === null ? null : formatCents(cents)),
    ...field(f.balanceAfter, balanceAfter === null ? null : formatCents(balanceAfter)),
    ...field(f.reference, text(data.reference)),
    ...field(f.hwid, text(data.hwid), 'code'),
    ...field(f.ip, text(data.ip)),
    ...field(
      f.machines,
      typeof data.machinesReleased === 'number' ? String(data.machinesReleased) : null,
    ),
    ...field(f.expiresAt, expiresAt && `${formatBrDateTime(Date.parse(expiresAt))} (São Paulo)`),
  ];
}

/**
 * A product status change: the status and the one before, the public note, whether time stands
 * still, and the time a freeze that ended gave back. Neither the reason (the audit log's) nor
 * who changed it nor how many subscribe: a Discord channel is often the customers' own.
 */
function productStatusFields(data: Data): EmbedField[] {
  const f = webhookTexts.fields;
  const status = statusAt(data, 'status');
  const previous = statusAt(data, 'previousStatus');
  const givenBackMs = typeof data.givenBackMs === 'number' ? data.givenBackMs : 0;
  return [
    ...field(f.status, status && PRODUCT_OPERATIONAL_LABELS[status]),
    ...field(f.previousStatus, previous && PRODUCT_OPERATIONAL_LABELS[previous]),
    ...field(
      f.timeFrozen,
      typeof data.timeFrozen === 'boolean'
        ? data.timeFrozen
          ? webhookTexts.yes
          : webhookTexts.no
        : null,
    ),
    ...field(f.givenBack, givenBackMs > 0 ? formatDuration(givenBackMs) : null),
    ...field(f.note, text(data.note), 'text', false),
  ];
}

/** A loader's security event: the signal, what the product's rule did and what it reported. */
function tamperedFields(data: Data): EmbedField[] {
  const f = webhookTexts.fields;
  const kind = text(data.kind);
  const action = text(data.action);
  return [
    ...field(
      f.signal,
      kind && Object.hasOwn(protectionMessages.signals, kind)
        ? protectionMessages.signals[kind as SecurityEventKind]
        : kind,
    ),
    ...field(
      f.action,
      action && Object.hasOwn(protectionMessages.eventActions, action)
        ? protectionMessages.eventActions[action as SecurityEventAction]
        : action,
    ),
    ...field(f.detail, text(data.detail), 'code', false),
  ];
}

/** The fields after the common ones, for the events that have their own. */
function ownFields(body: WebhookBody): EmbedField[] {
  if (body.type === 'product.status_changed') return productStatusFields(body.data);
  if (body.type === 'loader.tampered') return tamperedFields(body.data);
  return [];
}

function descriptionOf(body: WebhookBody): string {
  if (body.type === 'webhook.test') return webhookTexts.testDescription;
  return `${discordText(body.type, 'code')} · ${discordText(body.id)}`;
}

/** The Discord message for one event: a pt-BR embed (Discord ignores unknown JSON). */
export function discordMessage(body: WebhookBody) {
  return {
    username: 'Chaveiro',
    embeds: [
      {
        title: WEBHOOK_EVENT_LABELS[body.type],
        description: descriptionOf(body),
        color: colorOf(body),
        fields: [...fieldsOf(body), ...ownFields(body)],
        timestamp: body.createdAt,
        footer: { text: webhookTexts.discordFooter },
      },
    ],
    // Never ping anyone, whatever a value carried past the escaping.
    allowed_mentions: { parse: [] as string[] },
  };
}
