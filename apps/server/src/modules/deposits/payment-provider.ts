import type { DepositMethod } from '@chaveiro/contract';
import { messages } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ConflictError } from '../../platform/errors.js';
import type { SettingsRepository } from '../settings/index.js';

/** A deposit to be paid: its amount and the reference the payer quotes. */
export interface PaymentRequest {
  amountCents: number;
  reference: string;
}

/** What the payer needs to pay a deposit by PIX. */
export interface PixInstructions {
  method: DepositMethod;
  pixKey: string;
  beneficiary: string;
  amountCents: number;
  reference: string;
}

/**
 * One way of paying deposits. The manual PIX provider shows the admin's key and the admin
 * confirms each payment by hand; an automatic PIX gateway would implement this too (creating a
 * charge in `instructions` and confirming through the deposits service when its webhook arrives).
 */
export interface PaymentProvider {
  readonly method: DepositMethod;
  /** Whether the method takes payments now. */
  isAvailable(executor?: Kysely<Database>): Promise<boolean>;
  /** How to pay `request`; throws a pt-BR ConflictError when payments are not possible now. */
  instructions(request: PaymentRequest, executor?: Kysely<Database>): Promise<PixInstructions>;
}

/** PIX to the key and beneficiary the admin set in the payment settings. */
export function createManualPixProvider({
  db,
  settings,
}: {
  db: Kysely<Database>;
  /** The payment rows (pix_key, pix_beneficiary), read in the deposit's own transaction. */
  settings: Pick<SettingsRepository, 'get'>;
}): PaymentProvider {
  async function account(executor: Kysely<Database>) {
    const [pixKey, beneficiary] = await Promise.all([
      settings.get('pix_key', executor),
      settings.get('pix_beneficiary', executor),
    ]);
    return { pixKey: pixKey ?? '', beneficiary: beneficiary ?? '' };
  }

  return {
    method: 'pix',

    async isAvailable(executor = db) {
      return (await account(executor)).pixKey !== '';
    },

    async instructions(request, executor = db) {
      const { pixKey, beneficiary } = await account(executor);
      if (pixKey === '') {
        throw new ConflictError(messages.deposits.pixNotConfigured, 'PIX_NOT_CONFIGURED');
      }
      return { method: 'pix', pixKey, beneficiary, ...request };
    },
  };
}
