import type { EventRecorder } from '../../events/index.js';
import type { AppContext } from '../../platform/core/context.js';
import type { ActivityService } from '../activity/index.js';
import type { BalanceService } from '../balance/index.js';
import type { SettingsRepository } from '../settings/index.js';
import { createDepositsBackOffice } from './back-office.js';
import { createCustomerCharges } from './customer-charges.js';
import type { DepositsRepository } from './deposits-repository.js';
import type { MercadoPagoClient } from './mercadopago-client.js';
import { createPaymentSettings } from './payment-settings.js';
import { createSettlement } from './settlement.js';

export interface DepositsServiceDeps extends Pick<AppContext, 'db' | 'clock'> {
  deposits: DepositsRepository;
  /** The payment rows, written with their activity line and read in the deposit's transaction. */
  settings: Pick<SettingsRepository, 'getAll' | 'set'>;
  balance: BalanceService;
  activity: ActivityService;
  /** Mercado Pago's Payments API (base URL from MERCADOPAGO_API_URL). */
  gateway: MercadoPagoClient;
  /** `${PUBLIC_URL}/api/payments/mercadopago/webhook`, sent as each charge's notification_url. */
  webhookUrl: string;
  /**
   * Payments record `deposit.paid` (approval or the gateway's confirmation), `deposit.rejected`
   * and `deposit.refunded` in their transaction; the webhook records `payment.notified`.
   */
  events: EventRecorder;
  log: { warn(details: object, message: string): void };
}

/**
 * Balance deposits: the customer opens one and pays it by PIX, to the admin's key (a BR Code,
 * confirmed by the admin) or through Mercado Pago (confirmed by its webhook or the poll, through
 * one settlement path). A deposit is credited exactly once. One service over its capabilities:
 * the customer's charges, the Mercado Pago settlement, the admin's back office and the payment
 * settings.
 */
export function createDepositsService(deps: DepositsServiceDeps) {
  const settlement = createSettlement(deps);
  return {
    ...createCustomerCharges(deps),
    ...settlement,
    ...createDepositsBackOffice({ ...deps, settle: settlement.settle }),
    ...createPaymentSettings(deps),
  };
}

export type DepositsService = ReturnType<typeof createDepositsService>;
