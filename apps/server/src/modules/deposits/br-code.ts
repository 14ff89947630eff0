import { createStaticPix, hasError } from 'pix-utils';

/** The BR Code's limits (Manual de Padrões para Iniciação do Pix, EMV fields 59 and 60). */
const NAME_MAX = 25;
const CITY_MAX = 15;
/** Field 62-05 (txid): up to 25 letters and digits. */
const TXID_PATTERN = /^[A-Za-z0-9]{1,25}$/;

/** Upper-case ASCII letters, digits and single spaces, at most `max` characters. */
export function brCodeText(value: string, max: number): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9 ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

export interface BrCodeInput {
  pixKey: string;
  beneficiary: string;
  city: string;
  amountCents: number;
  /** The deposit's reference, sent as the txid so the payment names the deposit. */
  txid: string;
}

/**
 * A static PIX BR Code ("copia e cola") for one deposit, built with pix-utils: merchant account
 * 26 (`br.gov.bcb.pix` + the key), MCC 0000, currency 986, the exact amount, country BR, the
 * beneficiary's name and city as the BR Code allows them, additional data 62 with the txid, and
 * the CRC16-CCITT.
 */
export function buildBrCode(input: BrCodeInput): string {
  if (!TXID_PATTERN.test(input.txid)) throw new Error(`invalid txid ${input.txid}`);
  const pix = createStaticPix({
    merchantName: brCodeText(input.beneficiary, NAME_MAX) || 'RECEBEDOR',
    merchantCity: brCodeText(input.city, CITY_MAX) || 'BRASIL',
    pixKey: input.pixKey,
    txid: input.txid,
    transactionAmount: input.amountCents / 100,
  });
  if (hasError(pix)) throw new Error(`BR Code not built: ${pix.message}`);
  return pix.toBRCode();
}
