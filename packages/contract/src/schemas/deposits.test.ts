import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { createDepositBodySchema, normalizePixKey, paymentSettingsBodySchema } from './deposits.js';

describe('normalizePixKey', () => {
  it.each([
    ['529.982.247-25', '52998224725'],
    ['52998224725', '52998224725'],
    ['11.222.333/0001-81', '11222333000181'],
    ['+55 (11) 98765-4321', '+5511987654321'],
    [' Pix@Example.COM ', 'pix@example.com'],
    ['123E4567-E89B-12D3-A456-426614174000', '123e4567-e89b-12d3-a456-426614174000'],
  ])('reads %j as %j', (raw, key) => {
    expect(normalizePixKey(raw)).toBe(key);
  });

  it.each([
    '529.982.247-26',
    '111.111.111-11',
    '11.222.333/0001-82',
    '11987654321',
    '+1 555 123 4567',
    'nao-e-chave',
    'a@b',
  ])('refuses %j', (raw) => {
    expect(normalizePixKey(raw)).toBeUndefined();
  });
});

describe('payment settings body', () => {
  it('stores the normalised key and clears the beneficiary with the key', () => {
    expect(
      paymentSettingsBodySchema.parse({
        pix_key: '529.982.247-25',
        pix_beneficiary: ' Ana ',
        pix_city: ' Recife ',
      }),
    ).toEqual({
      mode: 'manual',
      pix_key: '52998224725',
      pix_beneficiary: 'Ana',
      pix_city: 'Recife',
    });
    expect(
      paymentSettingsBodySchema.parse({ pix_key: ' ', pix_beneficiary: 'Ana', pix_city: 'Recife' }),
    ).toEqual({ mode: 'manual', pix_key: '', pix_beneficiary: '', pix_city: '' });
  });

  it('keeps an absent or empty secret (undefined / empty) apart from a cleared one (null)', () => {
    const base = { pix_key: '', pix_beneficiary: '' };
    expect(
      paymentSettingsBodySchema.parse({
        ...base,
        mode: 'mercadopago',
        mercadopago_access_token: ' APP_USR-1 ',
        mercadopago_webhook_secret: null,
      }),
    ).toMatchObject({
      mode: 'mercadopago',
      mercadopago_access_token: 'APP_USR-1',
      mercadopago_webhook_secret: null,
    });
  });

  it('needs a beneficiary with a key', () => {
    const result = paymentSettingsBodySchema.safeParse({
      pix_key: 'a@b.com',
      pix_beneficiary: '',
      pix_city: 'Recife',
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      messages.deposits.beneficiaryRequired,
    ]);
    const noCity = paymentSettingsBodySchema.safeParse({
      pix_key: 'a@b.com',
      pix_beneficiary: 'Ana',
    });
    expect(noCity.error?.issues.map((issue) => issue.message)).toEqual([
      messages.deposits.cityRequired,
    ]);
  });
});

describe('deposit amount', () => {
  it.each([
    [5, true],
    [10_000, true],
    [25.5, true],
    [4.99, false],
    [10_000.01, false],
    [5.005, false],
  ])('%j is accepted: %j', (amount, ok) => {
    expect(createDepositBodySchema.safeParse({ amount }).success).toBe(ok);
  });
});
