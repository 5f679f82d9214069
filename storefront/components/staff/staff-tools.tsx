'use client';

import { useState } from 'react';
import type { CurationKind, CurationToggle } from '@easel/data/queries/staff';
import { answer, api } from '../../lib/api/client';
import { useT } from '../../lib/i18n/use-t';
import { staffMessages } from '../../lib/i18n/messages/staff';
import type { MessageKey } from '../../lib/i18n/messages';
import { CollectionChoices } from '../collections/collection-choices';
import { useToast } from '../toasts';
import './staff-tools.css';

/** Adds the work to a list (`add`) or deletes it, at SPEC §7's paths: the list as it now is. */
const CHANGES = {
  theme: (product: string, theme: string, add: boolean) => {
    const themes = api['editors-picks'].themes.index;
    return answer(add ? themes.$post({ json: { product, theme } }) : themes.$delete({ json: { product, theme } }));
  },
  campaign: (product: string, campaign: string, add: boolean) => {
    const campaigns = api.dashboard.marketing.api.campaign.index;
    return answer(add ? campaigns.$post({ json: { product, campaign } }) : campaigns.$delete({ json: { product, campaign } }));
  },
} satisfies Record<CurationKind, unknown>;
const TITLES: Record<CurationKind, MessageKey<'staff'>> = { theme: 'staff.themes', campaign: 'staff.campaigns' };

export interface StaffToolsProps {
  slug: string;
  themes: CurationToggle[];
  campaigns: CurationToggle[];
}

/**
 * The product page's staff panel, rendered only for staff (the page checks on the server and
 * every endpoint checks again): the work's themes and campaigns as boxes (checking one adds the
 * work, unchecking deletes it), the staff member's own collections, and promotion.
 */
export function StaffTools({ slug, themes, campaigns }: StaffToolsProps) {
  const t = useT(staffMessages);
  const toast = useToast();
  const [promoting, setPromoting] = useState(false);

  const promote = async () => {
    setPromoting(true);
    try {
      await answer(api.api.marketing.promote.product.index.$post({ json: { product: slug } }));
      toast.show({ title: t('staff.promoted') });
    } catch (error) {
      toast.show({ title: error instanceof Error ? error.message : String(error), tone: 'error' });
    } finally {
      setPromoting(false);
    }
  };

  return (
    <section className="staff-tools" aria-labelledby="staff-tools-title" data-staff-tools>
      <h2 className="staff-tools__title" id="staff-tools-title">{t('staff.title')}</h2>
      <div className="staff-tools__columns">
        <CurationList kind="theme" slug={slug} initial={themes} />
        <CurationList kind="campaign" slug={slug} initial={campaigns} />
        <div className="staff-tools__group">
          <h3 className="staff-tools__heading">{t('staff.collections')}</h3>
          <CollectionChoices slug={slug} />
        </div>
        <div className="staff-tools__group">
          <button type="button" className="button" onClick={() => void promote()} disabled={promoting} data-promote={slug}>
            {t('staff.promote')}
          </button>
          <p className="staff-tools__note">{t('staff.promoteText')}</p>
        </div>
      </div>
    </section>
  );
}

function CurationList({ kind, slug, initial }: { kind: CurationKind; slug: string; initial: CurationToggle[] }) {
  const t = useT(staffMessages);
  const toast = useToast();
  const [toggles, setToggles] = useState(initial);
  const [busy, setBusy] = useState<string | null>(null);

  // SPEC §4: add sets value true and delete sets it false, shown at once; the server's list then stands.
  const toggle = async (entry: CurationToggle) => {
    const before = toggles;
    setBusy(entry.id_for_label);
    setToggles(toggles.map((other) => (other.id_for_label === entry.id_for_label ? { ...other, value: !entry.value } : other)));
    try {
      const { results } = await CHANGES[kind](slug, entry.id_for_label, !entry.value);
      setToggles(results);
    } catch (error) {
      setToggles(before);
      toast.show({ title: error instanceof Error ? error.message : String(error), tone: 'error' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <fieldset className="staff-tools__group">
      <legend className="staff-tools__heading">{t(TITLES[kind])}</legend>
      <ul className="staff-tools__list" role="list">
        {toggles.map((entry) => (
          <li key={entry.id_for_label}>
            <label className="staff-tools__choice">
              <input
                type="checkbox"
                id={`${kind}-${entry.id_for_label}`}
                checked={entry.value}
                disabled={busy !== null}
                onChange={() => void toggle(entry)}
                data-curation={`${kind}:${entry.id_for_label}`}
              />
              {entry.label}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
