import type { MaskedSecret, PaymentMode } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SettingsRepository } from '../settings/index.js';

/** The payment settings as stored (secrets whole: server-side only). */
export interface PaymentConfig {
  mode: PaymentMode;
  pixKey: string;
  beneficiary: string;
  city: string;
  accessToken: string;
  webhookSecret: string;
}

/**
 * Reads the payment rows in one query, in `executor` (a deposit's own transaction, or the
 * database).
 */
export async function readPaymentConfig(
  settings: Pick<SettingsRepository, 'getAll'>,
  executor: Kysely<Database>,
): Promise<PaymentConfig> {
  const stored = await settings.getAll(executor);
  return {
    mode: stored.get('payment_mode') === 'mercadopago' ? 'mercadopago' : 'manual',
    pixKey: stored.get('pix_key') ?? '',
    beneficiary: stored.get('pix_beneficiary') ?? '',
    city: stored.get('pix_city') ?? '',
    accessToken: stored.get('mercadopago_access_token') ?? '',
    webhookSecret: stored.get('mercadopago_webhook_secret') ?? '',
  };
}

/** Whether a secret is set, and its last 4 characters (never more) when it is long enough. */
export function maskSecret(value: string): MaskedSecret {
  if (value === '') return { configured: false, last4: null };
  return { configured: true, last4: value.length >= 12 ? value.slice(-4) : null };
}
