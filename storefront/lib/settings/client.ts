import { answer, api } from '../api/client';
import type { Language } from '../i18n/languages';
import { SETTINGS_QUERY, settingsOptionsSchema, userSettingsSchema, type SettingsChoice, type SettingsOptions, type UserSettings } from './settings';

/** The browser's calls to /api/u/ (SPEC §7), checked against the same schemas the server uses. */

/** PUT /api/u/: saves the four choices and answers the settings as saved. */
export async function putSettings(choice: SettingsChoice): Promise<UserSettings> {
  return userSettingsSchema.parse(await answer(api.api.u.index.$put({ json: choice })));
}

/** OPTIONS /api/u/: the choices for each field, named in `language`. */
export async function getSettingsChoices(language: Language): Promise<SettingsOptions> {
  return settingsOptionsSchema.parse(await answer(api.api.u.index.$options({ query: { [SETTINGS_QUERY.language]: language } })));
}
