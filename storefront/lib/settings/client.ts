import { apiErrorBodySchema } from '../api-error';
import type { Language } from '../i18n/languages';
import { SETTINGS_QUERY, settingsOptionsSchema, userSettingsSchema, type SettingsChoice, type SettingsOptions, type UserSettings } from './settings';

/** The browser's calls to /api/u/ (SPEC §7), checked against the same schemas the server uses. */

/** SPEC §9: a call that takes longer fails. */
const REQUEST_TIMEOUT_MS = 8000;

async function call(method: 'PUT' | 'OPTIONS', { body, query = '' }: { body?: unknown; query?: string } = {}): Promise<unknown> {
  const response = await fetch(`/api/u/${query}`, {
    method,
    headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const problem = apiErrorBodySchema.safeParse(json);
    throw new Error(problem.success ? problem.data.error.message : `The server answered ${response.status}.`);
  }
  return json;
}

/** PUT /api/u/: saves the four choices and answers the settings as saved. */
export async function putSettings(choice: SettingsChoice): Promise<UserSettings> {
  return userSettingsSchema.parse(await call('PUT', { body: choice }));
}

/** OPTIONS /api/u/: the choices for each field, named in `language`. */
export async function getSettingsChoices(language: Language): Promise<SettingsOptions> {
  return settingsOptionsSchema.parse(await call('OPTIONS', { query: `?${SETTINGS_QUERY.language}=${language}` }));
}
