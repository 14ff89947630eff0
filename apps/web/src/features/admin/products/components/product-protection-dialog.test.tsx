import {
  protectionMessages as t,
  type ProductProtection,
  type UpdateProductProtection,
} from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { products, signInAsAdminForEachTest } from '@/testing/admin-fixtures';
import { jsonResponse, stubRoutes } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { ProductProtectionDialog } from './product-protection-dialog';

signInAsAdminForEachTest();

const product = products[0]!;
const saved: ProductProtection = {
  protectedDelivery: false,
  offlineGraceHours: 0,
  loaderMinVersion: null,
  unknownLoaderPolicy: 'allow',
  securityRules: { debugger: 'record', hooked_api: 'record', self_check_failed: 'record' },
};

/** Opens the dialog on the catalogue row, which carries the product's protection. */
function open(protection: ProductProtection = saved) {
  const onClose = vi.fn();
  const row = { ...product, protection };
  renderRoutes(
    [
      {
        path: '/admin/products',
        Component: () => <ProductProtectionDialog row={row} onClose={onClose} />,
      },
    ],
    '/admin/products',
  );
  return { user: userEvent.setup(), dialog: within(screen.getByRole('dialog')), onClose };
}

/** PATCH applies the body to what was saved (or `refuse` answers instead). */
function protectionApi(refuse?: { status: number; message: string }) {
  let current = saved;
  const patches: UpdateProductProtection[] = [];
  const api = stubRoutes({
    'PATCH /api/products/:id/protection': ({ body }) => {
      patches.push(body as UpdateProductProtection);
      if (refuse) return jsonResponse(refuse.status, { ...refuse, code: 'VALIDATION_ERROR' });
      const patch = body as UpdateProductProtection;
      current = {
        ...current,
        ...patch,
        securityRules: { ...current.securityRules, ...patch.securityRules },
      };
      return { message: t.saved, protection: current };
    },
  });
  return { ...api, patches };
}

describe('the product protection dialog', { timeout: 20_000 }, () => {
  it('shows the saved settings with their hints', async () => {
    protectionApi();
    const { dialog } = open();
    expect(dialog.getByRole('heading', { name: t.dialogTitle(product.name) })).toBeVisible();
    const protectedSwitch = await dialog.findByRole('switch', { name: t.protectedDelivery });
    expect(protectedSwitch).not.toBeChecked();
    expect(protectedSwitch).toHaveAccessibleDescription(`${t.protectedDeliveryHint} ${t.markHint}`);
    expect(dialog.getByLabelText(t.offlineGraceHours)).toHaveValue(0);
    expect(dialog.getByLabelText(t.loaderMinVersion)).toHaveValue('');
    expect(dialog.getByLabelText(t.unknownLoaderPolicy)).toHaveDisplayValue(
      t.unknownLoaderPolicies.allow,
    );
    const rules = within(dialog.getByRole('group', { name: t.securityRules }));
    for (const signal of ['debugger', 'hooked_api', 'self_check_failed'] as const) {
      expect(rules.getByLabelText(t.signals[signal])).toHaveDisplayValue(t.ruleActions.record);
    }
    expect(dialog.getByRole('button', { name: t.save })).toBeDisabled();
  });

  it('saves protected delivery, offline grace, a minimum version, the policy and the rules', async () => {
    const { patches } = protectionApi();
    const { user, dialog, onClose } = open();
    await user.click(await dialog.findByRole('switch', { name: t.protectedDelivery }));
    await user.clear(dialog.getByLabelText(t.offlineGraceHours));
    await user.type(dialog.getByLabelText(t.offlineGraceHours), '48');
    await user.type(dialog.getByLabelText(t.loaderMinVersion), ' 2.4.0 ');
    await user.selectOptions(
      dialog.getByLabelText(t.unknownLoaderPolicy),
      t.unknownLoaderPolicies.refuse,
    );
    await user.selectOptions(dialog.getByLabelText(t.signals.debugger), t.ruleActions.ban_account);
    await user.selectOptions(
      dialog.getByLabelText(t.signals.hooked_api),
      t.ruleActions.end_session,
    );
    await user.click(dialog.getByRole('button', { name: t.save }));

    expect(await screen.findByText(t.saved)).toBeVisible();
    expect(onClose).toHaveBeenCalled();
    expect(patches).toEqual([
      {
        protectedDelivery: true,
        offlineGraceHours: 48,
        loaderMinVersion: '2.4.0',
        unknownLoaderPolicy: 'refuse',
        securityRules: { debugger: 'ban_account', hooked_api: 'end_session' },
      },
    ]);
  });

  it('sends only what the admin changed, so an older copy of the row overwrites nothing else', async () => {
    const { patches } = protectionApi();
    const { user, dialog } = open();
    await user.selectOptions(
      await dialog.findByLabelText(t.signals.self_check_failed),
      t.ruleActions.blacklist_hwid,
    );
    await user.click(dialog.getByRole('button', { name: t.save }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({ securityRules: { self_check_failed: 'blacklist_hwid' } });
  });

  it('sends no minimum version when the field is emptied', async () => {
    let current: ProductProtection = { ...saved, loaderMinVersion: '1.2' };
    const patches: UpdateProductProtection[] = [];
    stubRoutes({
      'PATCH /api/products/:id/protection': ({ body }) => {
        patches.push(body as UpdateProductProtection);
        current = { ...current, loaderMinVersion: null };
        return { message: t.saved, protection: current };
      },
    });
    const { user, dialog } = open(current);
    const version = await dialog.findByLabelText(t.loaderMinVersion);
    expect(version).toHaveValue('1.2');
    await user.clear(version);
    await user.click(dialog.getByRole('button', { name: t.save }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toMatchObject({ loaderMinVersion: null });
  });

  it('refuses out-of-range hours and a malformed version before sending', async () => {
    const { patches } = protectionApi();
    const { user, dialog } = open();
    const hours = await dialog.findByLabelText(t.offlineGraceHours);
    await user.clear(hours);
    await user.type(hours, '721');
    await user.type(dialog.getByLabelText(t.loaderMinVersion), 'versão 2');
    await user.click(dialog.getByRole('button', { name: t.save }));
    expect(await dialog.findByText(t.graceInvalid)).toBeVisible();
    expect(dialog.getByText(t.minVersionInvalid)).toBeVisible();
    expect(hours).toHaveAttribute('aria-invalid', 'true');
    expect(patches).toHaveLength(0);
  });

  it("shows the server's refusal at its field", async () => {
    protectionApi({ status: 400, message: t.minVersionInvalid });
    const { user, dialog } = open();
    await user.type(await dialog.findByLabelText(t.loaderMinVersion), '9.9');
    await user.click(dialog.getByRole('button', { name: t.save }));
    await waitFor(() =>
      expect(dialog.getByLabelText(t.loaderMinVersion)).toHaveAccessibleDescription(
        `${t.loaderMinVersionHint} ${t.minVersionInvalid}`,
      ),
    );
    expect(dialog.getByLabelText(t.loaderMinVersion)).toHaveFocus();
  });
});
