'use client';

import { useSettings } from '../../components/settings-provider';
import { getTranslator, type Translate } from './translate';

/** The wording in the shopper's language, for client components: const t = useT(); t('basket.name'). */
export function useT(): Translate {
  return getTranslator(useSettings().settings.language);
}
