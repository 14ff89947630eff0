import type {
  PaymentSettings,
  PaymentSettingsResponse,
  PaymentSettingsUpdate,
} from '@chaveiro/contract';
import { messages } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Actor } from '../../platform/http/auth.js';
import type { AppContext } from '../../platform/core/context.js';
import { withTransaction } from '../../platform/db/database.js';
import { BadRequestError } from '../../platform/core/errors.js';
import type { ActivityService } from '../activity/index.js';
import type { SettingsRepository } from '../settings/index.js';
import type { PaymentConfig } from './payment-config.js';
import { maskSecret, readPaymentConfig } from './payment-config.js';

const text = messages.deposits;

export interface PaymentSettingsDeps extends Pick<AppContext, 'db' | 'clock'> {
  /** The payment rows, written with their activity line. */
  settings: Pick<SettingsRepository, 'getAll' | 'set'>;
  activity: Pick<ActivityService, 'record'>;
  /** `${PUBLIC_URL}/api/payments/mercadopago/webhook`: where Mercado Pago notifies (shown). */
  webhookUrl: string;
}

async function paymentSettings(deps: PaymentSettingsDeps): Promise<PaymentSettings> {
  const config = await readPaymentConfig(deps.settings, deps.db);
  return {
    mode: config.mode,
    pix_key: config.pixKey,
    pix_beneficiary: config.beneficiary,
    pix_city: config.city,
    mercadopago_access_token: maskSecret(config.accessToken),
    mercadopago_webhook_secret: maskSecret(config.webhookSecret),
    webhook_url: deps.webhookUrl,
  };
}

/** The activity lines of a change: the PIX key, the mode, the gateway's credentials. */
async function logChanges(
  deps: PaymentSettingsDeps,
  trx: Kysely<Database>,
  actor: Actor,
  change: { stored: PaymentConfig; body: PaymentSettingsUpdate; credentialsChanged: boolean },
): Promise<void> {
  const { stored, body } = change;
  const log = (action: string) =>
    deps.activity.record(trx, actor, {
      type: 'payment.settings_changed',
      action,
      target: 'settings:payment',
    });
  if (body.pix_key !== stored.pixKey) {
    await log(
      body.pix_key === '' ? text.logPaymentSettingsCleared : text.logPaymentSettings(body.pix_key),
    );
  }
  if (body.mode !== stored.mode) await log(text.logPaymentMode(body.mode));
  if (change.credentialsChanged) await log(text.logGatewayCredentials);
}

/**
 * Saves every field; an empty or absent secret keeps the stored one, null clears it. The
 * Mercado Pago mode needs both credentials.
 */
async function updatePaymentSettings(
  deps: PaymentSettingsDeps,
  actor: Actor,
  body: PaymentSettingsUpdate,
): Promise<PaymentSettingsResponse> {
  const now = deps.clock.now();
  await withTransaction(deps.db, async (trx) => {
    const stored = await readPaymentConfig(deps.settings, trx);
    const next = (input: string | null | undefined, current: string) =>
      input === null ? '' : input === undefined || input === '' ? current : input;
    const accessToken = next(body.mercadopago_access_token, stored.accessToken);
    const webhookSecret = next(body.mercadopago_webhook_secret, stored.webhookSecret);
    if (body.mode === 'mercadopago' && (accessToken === '' || webhookSecret === '')) {
      throw new BadRequestError(text.gatewayCredentialsRequired, 'VALIDATION_ERROR');
    }
    await deps.settings.set('payment_mode', body.mode, now, trx);
    await deps.settings.set('pix_key', body.pix_key, now, trx);
    await deps.settings.set('pix_beneficiary', body.pix_beneficiary, now, trx);
    await deps.settings.set('pix_city', body.pix_city, now, trx);
    await deps.settings.set('mercadopago_access_token', accessToken, now, trx);
    await deps.settings.set('mercadopago_webhook_secret', webhookSecret, now, trx);
    const credentialsChanged =
      accessToken !== stored.accessToken || webhookSecret !== stored.webhookSecret;
    await logChanges(deps, trx, actor, { stored, body, credentialsChanged });
  });
  const saved = await paymentSettings(deps);
  const off = saved.mode === 'manual' && saved.pix_key === '';
  return { message: off ? text.paymentSettingsCleared : text.paymentSettingsSaved, ...saved };
}

/**
 * The admin's payment settings: the mode (manual PIX or Mercado Pago), the BR Code's data and
 * the gateway's credentials, shown masked.
 */
export function createPaymentSettings(deps: PaymentSettingsDeps) {
  return {
    paymentSettings: () => paymentSettings(deps),
    updatePaymentSettings: (actor: Actor, body: PaymentSettingsUpdate) =>
      updatePaymentSettings(deps, actor, body),
  };
}

export type PaymentSettingsService = ReturnType<typeof createPaymentSettings>;
