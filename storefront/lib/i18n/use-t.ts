'use client';

import { useSettings } from '../settings/settings-context';
import { getNumberFormat, getTranslator, type Translate } from './translate';

/** The wording in the shopper's language, for client components: const t = useT(); t('basket.name'). */
export function useT(): Translate {
  return getTranslator(useSettings().settings.language);
}

/** Whole numbers in the shopper's locale, with its thousands separators: 12345 -> '12,345'. */
export function useFormatNumber(): (n: number) => string {
  return getNumberFormat(useSettings().settings.language);
}
