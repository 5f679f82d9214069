import * as z from 'zod/mini';
import { CURRENCIES } from '@easel/shared/vocabulary';
import { LANGUAGES, matchLanguage } from '../i18n/languages';
import type { DisplayUnits } from '../money';
import { COUNTRY_CODES } from './countries';

/**
 * The shopper's settings (SPEC §3): the schemas both the API and the browser check them with,
 * and the types they define. Browser-safe, in `zod/mini`, which the server's own schemas take
 * as fields; the browser loads them only when it saves or lists the choices
 * (lib/settings/client.ts). What every page needs (the defaults, where visitors keep them, the
 * entity built from the choices) is in entity.ts, without zod.
 */

export const DISPLAY_UNITS = ['cm', 'in'] as const satisfies readonly DisplayUnits[];

const oneOf = (values: readonly string[], hint = `one of ${values.join(', ')}`) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : `must be ${hint}`),
});

export const currencySchema = z.enum(CURRENCIES, oneOf(CURRENCIES));
export const countrySchema = z.enum(COUNTRY_CODES, oneOf(COUNTRY_CODES, 'an ISO 3166-1 country code such as GB or US'));
export const displayUnitsSchema = z.enum(DISPLAY_UNITS, oneOf(DISPLAY_UNITS));
// Language tags are case-insensitive, so 'en-US' is accepted and stored as 'en-us'.
export const languageSchema = z.pipe(
  z.transform((value: unknown) => (typeof value === 'string' ? (matchLanguage(value) ?? value) : value)),
  z.enum(LANGUAGES, oneOf(LANGUAGES)),
);

/** The settings a shopper chooses: all four are required when saving (SPEC §5). */
export const settingsChoiceSchema = z.strictObject({
  currency: currencySchema,
  country: countrySchema,
  display_units: displayUnitsSchema,
  language: languageSchema,
});
export type SettingsChoice = z.infer<typeof settingsChoiceSchema>;

/** A value checked against a field's schema, or the fallback when it does not fit: for cookies, query strings and stored rows, where junk must not break the page. */
export function valueOr<T extends z.ZodMiniType>(schema: T, raw: unknown, fallback: z.output<T>): z.output<T> {
  const result = schema.safeParse(raw);
  return result.success ? result.data : fallback;
}

const countSchema = z.int().check(z.nonnegative());

/** The settings entity as GET /api/u/ answers it. */
export const userSettingsSchema = z.object({
  basket_count: countSchema,
  unread_count: countSchema,
  review_count: countSchema,
  currency: currencySchema,
  currency_symbol: z.string(),
  country: countrySchema,
  country_display: z.string(),
  display_units: displayUnitsSchema,
  language: languageSchema,
  language_display: z.string(),
  collections_enabled: z.boolean(),
  psychobar: z.boolean(),
  credit_data: z.object({ display_text: z.string(), url: z.string() }),
  dislike_collective: z.boolean(),
  authenticated: z.boolean(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export type SettingsField = keyof UserSettings;

/** Fields the server owns: counts, display names and account facts. A save may not set them. */
export const READ_ONLY_FIELDS = (Object.keys(userSettingsSchema.shape) as SettingsField[]).filter(
  (field) => !(field in settingsChoiceSchema.shape),
);

const choiceListSchema = <T extends z.ZodMiniType>(value: T) => z.array(z.object({ value, display_name: z.string() }));

/** The choices OPTIONS /api/u/ offers for each settings field, in display order. */
export const settingsOptionsSchema = z.object({
  currency: choiceListSchema(currencySchema),
  country: choiceListSchema(countrySchema),
  display_units: choiceListSchema(displayUnitsSchema),
  language: choiceListSchema(languageSchema),
});
export type SettingsOptions = z.infer<typeof settingsOptionsSchema>;
