/** The two languages the site speaks. British English is the default and the fallback. */
export const LANGUAGES = ['en-gb', 'en-us'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en-gb';

/** How each language names itself in the settings. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  'en-gb': 'British English',
  'en-us': 'American English',
};

/**
 * A language as cookies, query strings and clients spell it -> one we speak, or undefined.
 * Tags are case-insensitive and may use '_': 'en-US', 'en_us' -> 'en-us'; 'fr', 'en-au' -> undefined.
 */
export function matchLanguage(raw: string | undefined): Language | undefined {
  const tag = raw?.trim().toLowerCase().replace('_', '-');
  return LANGUAGES.find((language) => language === tag);
}

/** Like matchLanguage, but anything we do not speak falls back to British English. */
export function parseLanguage(raw: string | undefined): Language {
  return matchLanguage(raw) ?? DEFAULT_LANGUAGE;
}

/** The BCP 47 tag for `<html lang>` and Intl: 'en-us' -> 'en-US'. */
export function languageTag(language: Language): 'en-GB' | 'en-US' {
  return language === 'en-us' ? 'en-US' : 'en-GB';
}
