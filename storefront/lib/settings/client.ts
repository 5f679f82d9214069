import { answer, api } from '../api/client';
import type { Language } from '../i18n/languages';
import { SETTINGS_QUERY } from './entity';
import type { SettingsChoice, SettingsOptions, UserSettings } from './settings';

/**
 * The browser's calls to /api/u/ (SPEC §7), checked against the same schemas the server uses.
 * The schemas load with the first call: a page shows settings without checking any.
 */
const schemas = () => import('./settings');

/** PUT /api/u/: saves the four choices and answers the settings as saved. */
export async function putSettings(choice: SettingsChoice): Promise<UserSettings> {
  const [json, { userSettingsSchema }] = await Promise.all([answer(api.api.u.index.$put({ json: choice })), schemas()]);
  return userSettingsSchema.parse(json);
}

/** OPTIONS /api/u/: the choices for each field, named in `language`. */
export async function getSettingsChoices(language: Language): Promise<SettingsOptions> {
  const [json, { settingsOptionsSchema }] = await Promise.all([answer(api.api.u.index.$options({ query: { [SETTINGS_QUERY.language]: language } })), schemas()]);
  return settingsOptionsSchema.parse(json);
}
