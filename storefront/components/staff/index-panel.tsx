'use client';

import { useEffect, useState } from 'react';
import { answer, api } from '../../lib/api/client';
import { languageTag } from '../../lib/i18n/languages';
import { useT } from '../../lib/i18n/use-t';
import { staffMessages } from '../../lib/i18n/messages/staff';
import type { IndexStatus } from '../../lib/staff/index-admin';
import { useSettings } from '../../lib/settings/settings-context';
import './staff.css';

/** How often the page asks for the progress of a rebuild under way. */
const POLL_MS = 1000;

/**
 * The staff index page's figures and its "Re-index now": while a rebuild runs (started here or
 * by another staff member on this server) the page asks for its progress every second.
 */
export function IndexPanel({ initial }: { initial: IndexStatus }) {
  const t = useT(staffMessages);
  const tag = languageTag(useSettings().settings.language);
  const [status, setStatus] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const running = status.rebuild?.state === 'running';

  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => {
      answer(api.api.staff.index.index.$get()).then(setStatus, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [running, status]);

  async function reindex() {
    setError(null);
    try {
      const run = await answer(api.api.staff.index.index.$post());
      setStatus((current) => ({ ...current, rebuild: run }));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }

  const number = new Intl.NumberFormat(tag);
  // In UTC, so the server's render and the browser's agree.
  const time = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' });
  const when = (iso: string | null) => (iso ? `${time.format(new Date(iso))} UTC` : t('staff.index.never'));
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  const run = status.rebuild;

  return (
    <div className="staff-index">
      <dl className="staff-index__figures">
        <div className="staff-index__figure" data-figure="documents">
          <dt>{t('staff.index.documents')}</dt>
          <dd>{status.documents === null ? '–' : number.format(status.documents)}</dd>
        </div>
        <div className="staff-index__figure" data-figure="synced">
          <dt>{t('staff.index.lastSync')}</dt>
          <dd>{when(status.synced_at)}</dd>
        </div>
        <div className="staff-index__figure" data-figure="lag">
          <dt>{t('staff.index.lag')}</dt>
          <dd>{number.format(status.lag)}</dd>
        </div>
        <div className="staff-index__figure" data-figure="rebuilt">
          <dt>{t('staff.index.lastRebuild')}</dt>
          <dd>
            {when(status.built_at)}
            {status.build_duration_ms !== null && <span className="staff-index__muted staff-index__took">{t('staff.index.took', { seconds: seconds(status.build_duration_ms) })}</span>}
          </dd>
        </div>
      </dl>

      <section className="staff-index__rebuild">
        <button type="button" className="button" onClick={() => void reindex()} disabled={running || !status.can_rebuild}>
          {t('staff.index.reindex')}
        </button>
        <p className="staff-index__muted">{status.can_rebuild ? t('staff.index.reindexHint') : t('staff.index.cannotRebuild')}</p>
        {run && (
          <div className="staff-index__progress" role="status" data-state={run.state}>
            <progress max={Math.max(run.total, 1)} value={run.state === 'done' ? Math.max(run.total, 1) : run.sent} />
            <p>
              {run.state === 'failed'
                ? t('staff.index.failed', { error: run.error ?? '' })
                : run.state === 'done'
                  ? t('staff.index.finished', { seconds: seconds(run.duration_ms ?? 0) })
                  : [t(`staff.index.phase.${run.phase}`), run.total > 0 && t('staff.index.progress', { sent: number.format(run.sent), total: number.format(run.total) })]
                    .filter(Boolean).join(' · ')}
            </p>
          </div>
        )}
        {error && <p className="staff-index__error" role="alert">{error}</p>}
      </section>
    </div>
  );
}
