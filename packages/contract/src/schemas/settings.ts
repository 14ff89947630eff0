import { z } from 'zod';
import { SETTING_VALUES } from '../constants.js';
import { messages } from '../messages.js';

const s = messages.settings;

/** The global settings (spec §3 Settings). */
export const settingsSchema = z.object({
  server_status: z.enum(SETTING_VALUES.server_status),
  maintenance_mode: z.enum(SETTING_VALUES.maintenance_mode),
  pause_all_users: z.enum(SETTING_VALUES.pause_all_users),
});
export type Settings = z.infer<typeof settingsSchema>;

/** What anyone may read, so the web can show a maintenance page (`GET /api/settings/public`). */
export const publicSettingsSchema = settingsSchema.pick({
  server_status: true,
  maintenance_mode: true,
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

const value = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: s.valueInvalid });

/** One setting changed at a time (spec §7: key, value). */
export const updateSettingBodySchema = z.discriminatedUnion(
  'key',
  [
    z.strictObject({
      key: z.literal('server_status'),
      value: value(SETTING_VALUES.server_status),
    }),
    z.strictObject({
      key: z.literal('maintenance_mode'),
      value: value(SETTING_VALUES.maintenance_mode),
    }),
    z.strictObject({
      key: z.literal('pause_all_users'),
      value: value(SETTING_VALUES.pause_all_users),
    }),
  ],
  { error: s.valueInvalid },
);
export type UpdateSettingBody = z.infer<typeof updateSettingBodySchema>;

export const updateSettingResponseSchema = settingsSchema.extend({ message: z.string() });
export type UpdateSettingResponse = z.infer<typeof updateSettingResponseSchema>;

/** Reset all HWIDs / delete all users: how many accounts the action touched. */
export const massActionResponseSchema = z.object({ message: z.string(), count: z.number().int() });
export type MassActionResponse = z.infer<typeof massActionResponseSchema>;
