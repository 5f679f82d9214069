'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { answer, api } from '../../lib/api/client';
import type { MessageKey } from '../../lib/i18n/messages';
import { useT } from '../../lib/i18n/use-t';
import { sellingMessages } from '../../lib/i18n/messages/selling';
import type { ListingStatus, WithdrawReason } from '../../lib/listing/limits';

export interface WorkActionsProps {
  id: number;
  slug: string;
  title: string;
  status: ListingStatus;
  /** Leave out the way to edit (on the edit page itself). */
  editing?: boolean;
  /** Leave out the way to the preview (on the preview itself). */
  previewing?: boolean;
}

type Outcome = { tone: 'done' | 'refused'; text: string };

/** What the artist may do with a work in each status, in the order the buttons show. */
const ACTIONS: Record<ListingStatus, readonly ('publish' | 'withdrawn' | 'sold_elsewhere')[]> = {
  draft: ['publish'],
  for_sale: ['withdrawn', 'sold_elsewhere'],
  reserved: [],
  sold: [],
  withdrawn: ['publish'],
};

const LABEL: Record<'publish' | WithdrawReason, MessageKey<'selling'>> = {
  publish: 'selling.publish', withdrawn: 'selling.withdraw', sold_elsewhere: 'selling.markSoldElsewhere',
};

/**
 * A work's actions for its artist: publish a draft or withdrawn work, take one on sale off it
 * (withdrawn, or sold elsewhere), and the ways to edit, preview or see it. Each action answers in
 * words beside the buttons (a refused publication names what is missing), then the page is
 * read again so the work shows its new status.
 */
export function WorkActions({ id, slug, title, status, editing = false, previewing = false }: WorkActionsProps) {
  const t = useT(sellingMessages);
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const param = { id: String(id) };

  const run = async (action: 'publish' | WithdrawReason) => {
    setBusy(true);
    setOutcome(null);
    try {
      if (action === 'publish') {
        await answer(api.api.artist.works[':id'].publish.index.$post({ param }));
        setOutcome({ tone: 'done', text: t('selling.published', { title }) });
      } else {
        await answer(api.api.artist.works[':id'].withdraw.index.$post({ param, json: { reason: action } }));
        setOutcome({ tone: 'done', text: t(action === 'withdrawn' ? 'selling.withdrawnDone' : 'selling.soldElsewhereDone', { title }) });
      }
      router.refresh();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setOutcome({ tone: 'refused', text: action === 'publish' ? t('selling.notPublished', { title, reason: message }) : t('selling.failed', { message }) });
    } finally {
      setBusy(false);
    }
  };

  const shown = status === 'for_sale' || status === 'reserved' || status === 'sold';
  return (
    <div className="work-actions">
      <div className="work-actions__buttons" role="group" aria-label={t('selling.actionsOf', { title })}>
        {ACTIONS[status].map((action) => (
          <button
            key={action}
            type="button"
            className={action === 'publish' ? 'button' : 'button button--secondary'}
            disabled={busy}
            onClick={() => void run(action)}
          >
            {t(LABEL[action])}
          </button>
        ))}
        {!editing && status !== 'sold' && <a className="work-actions__link" href={`/product/${slug}/edit/`}>{t('selling.edit')}</a>}
        {!previewing && !shown && <a className="work-actions__link" href={`/product/${slug}/preview/`}>{t('selling.preview')}</a>}
        {shown && <a className="work-actions__link" href={`/product/${slug}/`}>{t('selling.view')}</a>}
      </div>
      <p className={`work-actions__outcome work-actions__outcome--${outcome?.tone ?? 'none'}`} role={outcome?.tone === 'refused' ? 'alert' : 'status'}>
        {busy ? t('selling.working') : outcome?.text}
      </p>
    </div>
  );
}
