'use client';

import { useId, useState, type FormEvent } from 'react';
import type { SearchRule, SearchRuleFields } from '@easel/data/queries/search-levers';
import { CATEGORY_ADDRESSES } from '@easel/search-service/contract';
import { answer, api, ApiResponseError } from '../../lib/api/client';
import type { Translate } from '../../lib/i18n/translator';
import { languageTag } from '../../lib/i18n/languages';
import { useT } from '../../lib/i18n/use-t';
import { staffMessages } from '../../lib/i18n/messages/staff';
import { useSettings } from '../../lib/settings/settings-context';
import './search-levers.css';

/** The form's fields as typed: each text as it is, the dates as the browser's local date and time. */
interface Draft {
  query: string;
  category: string;
  pins: string;
  hides: string;
  bannerTitle: string;
  bannerUrl: string;
  starts: string;
  ends: string;
}

const EMPTY: Draft = { query: '', category: '', pins: '', hides: '', bannerTitle: '', bannerUrl: '', starts: '', ends: '' };

/** A work named by its slug or by its page's address: 'https://…/product/blue-harbour/' or '/product/blue-harbour/' -> 'blue-harbour'. */
export const slugOf = (text: string) => /\/product\/([^/?#]+)/.exec(text)?.[1] ?? text.trim();

/** An ISO instant -> the value of a datetime-local input in the browser's zone: '2026-12-01T08:00:00Z' -> '2026-12-01T09:00' in Paris. */
const localInput = (iso: string | null) => {
  if (!iso) return '';
  const at = new Date(iso);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

const draftOf = (rule: SearchRule): Draft => ({
  query: rule.query ?? '',
  category: rule.category ?? '',
  pins: rule.pins.map((pin) => `${pin.slug} ${pin.position}`).join('\n'),
  hides: rule.hides.join('\n'),
  bannerTitle: rule.banner?.title ?? '',
  bannerUrl: rule.banner?.url ?? '',
  starts: localInput(rule.starts_at),
  ends: localInput(rule.ends_at),
});

/** The draft as the API takes it, or the number of the pinned works' line that is not "work place". */
export function fieldsOf(draft: Draft): SearchRuleFields | { badPinLine: number } {
  const lines = (text: string) => text.split('\n').map((line) => line.trim()).filter(Boolean);
  const pins: SearchRuleFields['pins'] = [];
  for (const [i, line] of lines(draft.pins).entries()) {
    const match = /^(\S+)\s+(\d+)$/.exec(line);
    if (!match) return { badPinLine: i + 1 };
    pins.push({ slug: slugOf(match[1]!), position: Number(match[2]) });
  }
  const instant = (local: string) => (local ? new Date(local).toISOString() : null);
  return {
    query: draft.query.trim() || null,
    category: draft.category || null,
    pins,
    hides: lines(draft.hides).map(slugOf),
    banner: draft.bannerTitle.trim() || draft.bannerUrl.trim() ? { title: draft.bannerTitle, url: draft.bannerUrl.trim() } : null,
    starts_at: instant(draft.starts),
    ends_at: instant(draft.ends),
  };
}

/**
 * A refusal as staff read it: one about a line of the pinned or hidden works names the list and
 * the line rather than the API's path ('pins.1.slug: there is no work x.' -> 'Pinned works,
 * line 2: there is no work x.'); any other as the server words it.
 */
function refusalText(error: unknown, t: Translate<'staff'>): string {
  if (!(error instanceof Error)) return String(error);
  const param = error instanceof ApiResponseError ? error.param : undefined;
  const at = param === undefined ? null : /^(pins|hides)\.(\d+)/.exec(param);
  if (!param || !at) return error.message;
  const problem = error.message.startsWith(param) ? error.message.slice(param.length).replace(/^:?\s*/, '') : error.message;
  return t('staff.levers.atLine', { list: t(at[1] === 'pins' ? 'staff.levers.pins' : 'staff.levers.hides'), line: Number(at[2]) + 1, problem });
}

/**
 * The rules per search: each with what it does and when, Edit and Delete; and one form that adds
 * a rule, or saves the one being edited. The server's refusal is shown as it words it, a line of
 * the works named by its list and number.
 */
export function RulesEditor({ initial }: { initial: SearchRule[] }) {
  const t = useT(staffMessages);
  const id = useId();
  const tag = languageTag(useSettings().settings.language);
  const [rules, setRules] = useState(initial);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [editing, setEditing] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const when = (iso: string) => new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(refusalText(e, t));
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const fields = fieldsOf(draft);
    if ('badPinLine' in fields) return setError(t('staff.levers.badPin', { line: fields.badPinLine }));
    void run(async () => {
      if (editing === null) {
        const { rule } = await answer(api.api.staff['search-rules'].index.$post({ json: fields }));
        setRules((current) => [...current, rule]);
      } else {
        const { rule } = await answer(api.api.staff['search-rules'].index.$patch({ query: { id: String(editing) }, json: fields }));
        setRules((current) => current.map((r) => (r.id === rule.id ? rule : r)));
      }
      setDraft(EMPTY);
      setEditing(null);
    });
  }

  const remove = (ruleId: number) => run(async () => {
    setRules((await answer(api.api.staff['search-rules'].index.$delete({ query: { id: String(ruleId) } }))).rules);
    if (editing === ruleId) {
      setEditing(null);
      setDraft(EMPTY);
    }
  });

  const field = (name: keyof Draft, label: string, input: React.ReactNode, hint?: string) => (
    <label className="levers__field" data-field={name}>
      <span className="levers__label">{label}</span>
      {input}
      {hint && <span className="levers__hint">{hint}</span>}
    </label>
  );
  const text = (name: keyof Draft, extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <input className="field" name={name} value={draft[name]} onChange={(e) => setDraft({ ...draft, [name]: e.target.value })} {...extra} />
  );
  const lines = (name: 'pins' | 'hides') => (
    <textarea className="field levers__lines" name={name} rows={3} value={draft[name]} onChange={(e) => setDraft({ ...draft, [name]: e.target.value })} />
  );

  return (
    <section className="levers" aria-labelledby={`${id}-title`} data-levers="rules">
      <h2 className="levers__title" id={`${id}-title`}>{t('staff.levers.rules')}</h2>
      <p className="levers__text">{t('staff.levers.rulesText')}</p>
      {rules.length === 0 ? (
        <p className="levers__muted">{t('staff.levers.noRules')}</p>
      ) : (
        <ul className="levers__list">
          {rules.map((rule) => (
            <li key={rule.id} className="levers__item levers__rule" data-rule={rule.id}>
              <div className="levers__what">
                <strong>{[rule.query && t('staff.levers.forWords', { words: rule.query }), rule.category && t('staff.levers.forCategory', { category: rule.category })].filter(Boolean).join(' · ')}</strong>
                {rule.pins.length > 0 && <span>{rule.pins.map((pin) => t('staff.levers.pinAt', { work: pin.slug, position: pin.position })).join(', ')}</span>}
                {rule.hides.length > 0 && <span>{t('staff.levers.hidden', { works: rule.hides.join(', ') })}</span>}
                {rule.banner && <span>{t('staff.levers.banner', { title: rule.banner.title, url: rule.banner.url })}</span>}
                {(rule.starts_at || rule.ends_at) && (
                  <span className="levers__muted">
                    {[rule.starts_at && t('staff.levers.from', { when: when(rule.starts_at) }), rule.ends_at && t('staff.levers.until', { when: when(rule.ends_at) })].filter(Boolean).join(' ')}
                  </span>
                )}
              </div>
              <div className="levers__buttons">
                <button type="button" className="button button--secondary" disabled={busy} onClick={() => { setEditing(rule.id); setDraft(draftOf(rule)); setError(null); }}>{t('staff.levers.edit')}</button>
                <button type="button" className="button button--secondary" disabled={busy} onClick={() => void remove(rule.id)}>{t('staff.levers.delete')}</button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <form className="levers__form" onSubmit={submit} data-editing={editing ?? undefined}>
        <div className="levers__row">
          {field('query', t('staff.levers.word'), text('query', { maxLength: 60 }))}
          {field('category', t('staff.levers.category'), (
            <select className="field" name="category" value={draft.category} onChange={(e) => setDraft({ ...draft, category: e.target.value })}>
              <option value="">{t('staff.levers.anyCategory')}</option>
              {CATEGORY_ADDRESSES.map((address) => <option key={address} value={address}>{address}</option>)}
            </select>
          ))}
        </div>
        <div className="levers__row">
          {field('pins', t('staff.levers.pins'), lines('pins'), t('staff.levers.pinsHint'))}
          {field('hides', t('staff.levers.hides'), lines('hides'), t('staff.levers.hidesHint'))}
        </div>
        <div className="levers__row">
          {field('bannerTitle', t('staff.levers.bannerTitle'), text('bannerTitle', { maxLength: 120 }))}
          {field('bannerUrl', t('staff.levers.bannerUrl'), text('bannerUrl', { maxLength: 300 }), t('staff.levers.bannerHint'))}
        </div>
        <div className="levers__row">
          {field('starts', t('staff.levers.starts'), text('starts', { type: 'datetime-local' }))}
          {field('ends', t('staff.levers.ends'), text('ends', { type: 'datetime-local' }), t('staff.levers.datesHint'))}
        </div>
        <div className="levers__actions">
          <button type="submit" className="button" disabled={busy}>{editing === null ? t('staff.levers.addRule') : t('staff.levers.saveRule')}</button>
          {editing !== null && <button type="button" className="button button--secondary" onClick={() => { setEditing(null); setDraft(EMPTY); }}>{t('staff.levers.cancel')}</button>}
        </div>
      </form>
      {error && <p className="levers__error" role="alert">{error}</p>}
    </section>
  );
}
