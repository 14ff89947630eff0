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

/** Reads the payment rows, in `executor` (a deposit's own transaction, or the database). */
export async function readPaymentConfig(
  settings: Pick<SettingsRepository, 'get'>,
  executor: Kysely<Database>,
): Promise<PaymentConfig> {
  const [mode, pixKey, beneficiary, city, accessToken, webhookSecret] = await Promise.all([
    settings.get('payment_mode', executor),
    settings.get('pix_key', executor),
    settings.get('pix_beneficiary', executor),
    settings.get('pix_city', executor),
    settings.get('mercadopago_access_token', executor),
    settings.get('mercadopago_webhook_secret', executor),
  ]);
  return {
    mode: mode === 'mercadopago' ? 'mercadopago' : 'manual',
    pixKey: pixKey ?? '',
    beneficiary: beneficiary ?? '',
    city: city ?? '',
    accessToken: accessToken ?? '',
    webhookSecret: webhookSecret ?? '',
  };
}

/** Whether a secret is set, and its last 4 characters (never more) when it is long enough. */
export function maskSecret(value: string): MaskedSecret {
  if (value === '') return { configured: false, last4: null };
  return { configured: true, last4: value.length >= 12 ? value.slice(-4) : null };
}
