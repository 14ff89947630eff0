import type { Migration } from 'kysely';
import type { SqlDialect } from '../../platform/db/database.js';
import * as initial from './2026112201_initial.js';
import * as adminConsole from './2026112301_admin_console.js';
import * as profile from './2026112302_profile.js';
import * as pagedLists from './2026112303_paged_lists.js';
import * as commerce from './2026112304_commerce.js';
import * as resellerKeys from './2026112306_reseller_keys.js';
import * as licences from './2026112410_licences.js';
import * as goneRedeemerKeys from './2026112501_gone_redeemer_keys.js';
import * as signupHolds from './2026112502_signup_holds.js';
import * as events from './2026112601_events.js';
import * as payments from './2026112701_payments.js';
import * as resellerPrices from './2026112703_reseller_prices.js';
import * as orders from './2026112702_orders.js';
import * as adminOperations from './2026112801_admin_operations.js';
import * as sortedLists from './2026112803_sorted_lists.js';
import * as analytics from './2026112901_analytics.js';
import * as depositsOrderIndex from './2026112902_deposits_order_index.js';
import * as accounts from './2026113001_accounts.js';
import * as storefrontDeliveries from './2026120102_storefront_deliveries.js';
import * as activityPaging from './2026112805_activity_paging.js';
import * as apiTokens from './2026120101_api_tokens.js';
import * as webhooks from './2026120103_webhooks.js';
import * as keyauth from './2026120201_keyauth.js';
import * as jobLeases from './2026120301_job_leases.js';
import * as keyauthCredentials from './2026120405_keyauth_credentials.js';
import * as apiTokenEpochs from './2026120410_api_token_epochs.js';
import * as keyBans from './2026120411_key_bans.js';
import * as productStatus from './2026120701_product_status.js';
import * as productStatusMail from './2026120702_product_status_mail.js';
import * as protectedDelivery from './2026120801_protected_delivery.js';
import * as expiringIndex from './2026120802_expiring_index.js';

/**
 * Every migration, imported statically because the server is bundled (no migration files on
 * disk). Kysely applies them in key order, so keys keep their timestamp prefix.
 */
const migrations = {
  '2026112201_initial': initial,
  '2026112301_admin_console': adminConsole,
  '2026112302_profile': profile,
  '2026112303_paged_lists': pagedLists,
  '2026112304_commerce': commerce,
  '2026112306_reseller_keys': resellerKeys,
  '2026112410_licences': licences,
  '2026112501_gone_redeemer_keys': goneRedeemerKeys,
  '2026112502_signup_holds': signupHolds,
  '2026112601_events': events,
  '2026112701_payments': payments,
  '2026112703_reseller_prices': resellerPrices,
  '2026112702_orders': orders,
  '2026112801_admin_operations': adminOperations,
  '2026112803_sorted_lists': sortedLists,
  '2026112805_activity_paging': activityPaging,
  '2026112901_analytics': analytics,
  '2026112902_deposits_order_index': depositsOrderIndex,
  '2026113001_accounts': accounts,
  '2026120101_api_tokens': apiTokens,
  '2026120102_storefront_deliveries': storefrontDeliveries,
  '2026120103_webhooks': webhooks,
  '2026120201_keyauth': keyauth,
  '2026120301_job_leases': jobLeases,
  '2026120405_keyauth_credentials': keyauthCredentials,
  '2026120410_api_token_epochs': apiTokenEpochs,
  '2026120411_key_bans': keyBans,
  '2026120701_product_status': productStatus,
  '2026120702_product_status_mail': productStatusMail,
  '2026120801_protected_delivery': protectedDelivery,
  '2026120802_expiring_index': expiringIndex,
};

export function migrationsFor(dialect: SqlDialect): Record<string, Migration> {
  return Object.fromEntries(
    Object.entries(migrations).map(([name, migration]) => [
      name,
      { up: (db) => migration.up(db, dialect) } satisfies Migration,
    ]),
  );
}
