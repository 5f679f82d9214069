import * as z from 'zod/mini';
import { CURRENCIES, CURRENCY_SYMBOLS, type Currency } from '@easel/shared/vocabulary';
import { LANGUAGE_NAMES, LANGUAGES, languageTag, matchLanguage, type Language } from '../i18n/languages';
import { getTranslator } from '../i18n/translate';
import type { DisplayUnits } from '../money';
import { COUNTRY_CODES, type CountryCode } from './countries';

/**
 * The shopper's settings (SPEC §3): the schema both the API and the browser check them with,
 * the defaults, where visitors keep them and the choices offered. Browser-safe, and on every
 * page, so its schemas are `zod/mini`'s; the server's own schemas take them as fields.
 */

export const DISPLAY_UNITS = ['cm', 'in'] as const satisfies readonly DisplayUnits[];

/** Where a visitor's settings live; a signed-in user's are kept in the database instead. */
export const SETTINGS_COOKIES = {
  currency: 'af-currency',
  /** The ships-to country. */
  shipping: 'af-shipping',
  /** Language and display units, e.g. 'en-us:in'. */
  locale: 'af-locale',
} as const;

/** Query parameters that override the saved settings for one page view (SPEC §1, §4). */
export const SETTINGS_QUERY = {
  currency: 'currency',
  language: 'language',
} as const;

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

/**
 * What the account (or its absence) contributes besides the four choices; `welcome_code`, whether
 * the welcome code is still the shopper's to spend, decides `credit_data`.
 */
export type AccountFacts = Pick<
  UserSettings,
  'basket_count' | 'unread_count' | 'review_count' | 'collections_enabled' | 'psychobar' | 'dislike_collective' | 'authenticated'
> & { welcome_code: boolean };

/** A visitor has no basket count yet and no collections (they need an account). */
export const VISITOR_FACTS: AccountFacts = {
  basket_count: 0,
  unread_count: 0,
  review_count: 0,
  collections_enabled: false,
  psychobar: false,
  dislike_collective: false,
  authenticated: false,
  // A visitor is no customer yet: the code is checked once they log in or give an email.
  welcome_code: true,
};

/**
 * The promo code every customer may spend once (data/src/catalogue/promo-codes.ts), offered as
 * `credit_data` until they have.
 */
export const WELCOME_CODE = 'WELCOME10';

/**
 * SPEC §3's `credit_data`: what the shopper has to spend, in their English, and where to spend
 * it. Easel keeps no store credit, so it is the welcome code, entered in the basket, while the
 * shopper can still spend it, and nothing (empty text and address) once they have:
 * ('en-us', true) -> { display_text: '10% off your order with the code WELCOME10', url: '/basket/' }.
 */
export function creditData(language: Language, welcomeCode: boolean): UserSettings['credit_data'] {
  if (!welcomeCode) return { display_text: '', url: '' };
  return { display_text: getTranslator(language)('settings.credit', { code: WELCOME_CODE }), url: '/basket/' };
}

export const DEFAULT_CHOICE: SettingsChoice = { currency: 'GBP', country: 'GB', display_units: 'cm', language: 'en-gb' };

const regionNames = new Map<Language, Intl.DisplayNames>();

/** A country's English name in the shopper's English: ('KN', 'en-us') -> 'St. Kitts & Nevis'. */
export function countryName(code: CountryCode, language: Language): string {
  let names = regionNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([languageTag(language)], { type: 'region' });
    regionNames.set(language, names);
  }
  return names.of(code) ?? code;
}

/** The full entity from the four choices and the account's facts, display names filled in. */
export function buildUserSettings(choice: SettingsChoice, { welcome_code, ...facts }: AccountFacts): UserSettings {
  return {
    ...facts,
    currency: choice.currency,
    currency_symbol: CURRENCY_SYMBOLS[choice.currency],
    country: choice.country,
    country_display: countryName(choice.country, choice.language),
    display_units: choice.display_units,
    language: choice.language,
    language_display: LANGUAGE_NAMES[choice.language],
    credit_data: creditData(choice.language, welcome_code),
  };
}

/** The four choices inside a full settings entity. */
export function choiceOf(settings: UserSettings): SettingsChoice {
  return { currency: settings.currency, country: settings.country, display_units: settings.display_units, language: settings.language };
}

/** The account facts inside a full settings entity. */
export function factsOf(settings: UserSettings): AccountFacts {
  const { basket_count, unread_count, review_count, collections_enabled, psychobar, dislike_collective, authenticated } = settings;
  return { basket_count, unread_count, review_count, collections_enabled, psychobar, dislike_collective, authenticated, welcome_code: settings.credit_data.url !== '' };
}

/** SPEC §3 defaults: GBP (£), GB, cm, en-gb, an empty basket. */
export const DEFAULT_SETTINGS: UserSettings = buildUserSettings(DEFAULT_CHOICE, VISITOR_FACTS);

const choiceListSchema = <T extends z.ZodMiniType>(value: T) => z.array(z.object({ value, display_name: z.string() }));

/** The choices OPTIONS /api/u/ offers for each settings field, in display order. */
export const settingsOptionsSchema = z.object({
  currency: choiceListSchema(currencySchema),
  country: choiceListSchema(countrySchema),
  display_units: choiceListSchema(displayUnitsSchema),
  language: choiceListSchema(languageSchema),
});
export type SettingsOptions = z.infer<typeof settingsOptionsSchema>;

/** Every choice, named in the shopper's language; countries in alphabetical order. */
export function getSettingsOptions(language: Language): SettingsOptions {
  const t = getTranslator(language);
  const currencyNames = new Intl.DisplayNames([languageTag(language)], { type: 'currency' });
  const collator = new Intl.Collator(languageTag(language));
  return {
    currency: CURRENCIES.map((code: Currency) => ({
      value: code,
      display_name: `${code} – ${currencyNames.of(code) ?? code} (${CURRENCY_SYMBOLS[code]})`,
    })),
    country: COUNTRY_CODES.map((code) => ({ value: code, display_name: countryName(code, language) })).sort((a, b) =>
      collator.compare(a.display_name, b.display_name),
    ),
    display_units: DISPLAY_UNITS.map((units) => ({ value: units, display_name: t(`settings.units.${units}`) })),
    language: LANGUAGES.map((code) => ({ value: code, display_name: LANGUAGE_NAMES[code] })),
  };
}
