'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { CURRENCY_SYMBOLS } from '@easel/shared/vocabulary';
import { useT } from '../lib/i18n/use-t';
import { commonMessages } from '../lib/i18n/messages/common';
import { settingsMessages } from '../lib/i18n/messages/settings';
import { translatorOf } from '../lib/i18n/translator';
import { getSettingsChoices } from '../lib/settings/client';
import { choiceOf } from '../lib/settings/entity';
import type { SettingsChoice } from '../lib/settings/settings';
import { LoadableSection, loadStatusOf } from './loadable-section';
import { SettingsForm } from './settings-form';
import { useSettings } from '../lib/settings/settings-context';
import { useToast } from './toasts';
import { useDismiss } from './use-dismiss';

/**
 * The header's settings: a summary button ("£ GBP · cm · ships to United Kingdom") that opens
 * a panel with currency, ships-to country, units and language. The choices load from
 * OPTIONS /api/u/ the first time the button is pointed at, focused or opened.
 */
export function SettingsChooser() {
  const { settings, status, save } = useSettings();
  const t = useT(commonMessages, settingsMessages);
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const titleId = useId();
  // Names of countries and units depend on the language, so each language loads its own.
  const choices = { queryKey: ['settings-choices', settings.language], queryFn: () => getSettingsChoices(settings.language) };
  const options = useQuery({ ...choices, enabled: false });
  const queries = useQueryClient();
  // Loaded when first wanted; once loaded, kept; after a failure, wanted again loads again.
  const prepare = () => void queries.prefetchQuery(choices);

  useEffect(() => {
    if (open) prepare();
  }, [open, settings.language]);
  useDismiss(open, () => setOpen(false), root, toggle);

  async function change(patch: Partial<SettingsChoice>) {
    const next = { ...choiceOf(settings), ...patch };
    const outcome = await save(patch);
    // The confirmation speaks the language just chosen.
    const say = translatorOf(next.language, [settingsMessages]);
    if (outcome === 'saved') {
      // One settings toast at a time: a second change replaces the first's, saying all of them.
      toast.show({
        title: say('settings.saved'),
        body: say('settings.savedText', {
          currency: `${CURRENCY_SYMBOLS[next.currency]} ${next.currency}`,
          units: say(`settings.units.${next.display_units}`).toLowerCase(),
          country: options.data?.country.find((c) => c.value === next.country)?.display_name ?? next.country,
        }),
        group: 'settings',
      });
    } else if (outcome === 'failed') {
      toast.show({ title: t('settings.saveFailed'), body: t('settings.saveFailedText'), tone: 'error' });
    }
  }

  const shown = { currency: `${settings.currency_symbol} ${settings.currency}`, units: settings.display_units };
  const summary = t('settings.summary', { ...shown, country: settings.country_display });
  // On a phone or a tablet the summary is the currency and the ships-to country's code, so the whole of it fits.
  const shortSummary = t('settings.summaryShort', { currency: shown.currency, country: settings.country });

  return (
    <div className="settings" ref={root}>
      <button
        ref={toggle}
        type="button"
        className="outline-control settings__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        onPointerEnter={prepare}
        onFocus={prepare}
      >
        <span className="visually-hidden">{t('settings.title')}: {summary}</span>
        <span className="settings__summary" aria-hidden="true">{summary}</span>
        <span className="settings__summary-short" aria-hidden="true">{shortSummary}</span>
      </button>
      <div id={panelId} className="settings__panel" role="group" aria-labelledby={titleId} hidden={!open}>
        <div className="settings__head">
          <h2 className="settings__title" id={titleId}>{t('settings.title')}</h2>
          <button
            type="button"
            className="settings__close"
            aria-label={t('common.close')}
            onClick={() => {
              setOpen(false);
              toggle.current?.focus();
            }}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <LoadableSection status={loadStatusOf(options)} onRetry={prepare}>
          {options.data && (
            <SettingsForm options={options.data} values={choiceOf(settings)} disabled={status === 'updating'} t={t} onChange={(patch) => void change(patch)} />
          )}
        </LoadableSection>
        <p className="settings__status" aria-live="polite">
          {status === 'updating' ? t('settings.saving') : ''}
        </p>
      </div>
    </div>
  );
}
