'use client';

import { useId, useState, type FormEvent } from 'react';
import type { Synonyms } from '@easel/data/queries/search-levers';
import { answer, api } from '../../lib/api/client';
import { useT } from '../../lib/i18n/use-t';
import { staffMessages } from '../../lib/i18n/messages/staff';
import './search-levers.css';

/** 'cat, sofa art ,, kitten' -> ['cat', 'sofa art', 'kitten']. */
const wordsOf = (text: string) => text.split(',').map((w) => w.trim()).filter(Boolean);

/**
 * The synonyms staff keep: the list, each with Remove, and a form that adds one word's synonyms
 * (both ways at will: each of the words then finds the others). Every change saves the whole set
 * (PUT /api/staff/synonyms/), and the list shows what the server stored.
 */
export function SynonymsEditor({ initial }: { initial: Synonyms }) {
  const t = useT(staffMessages);
  const id = useId();
  const [synonyms, setSynonyms] = useState(initial);
  const [word, setWord] = useState('');
  const [also, setAlso] = useState('');
  const [bothWays, setBothWays] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(next: Synonyms): Promise<boolean> {
    setBusy(true);
    setStatus(null);
    try {
      setSynonyms((await answer(api.api.staff.synonyms.index.$put({ json: { synonyms: next } }))).synonyms);
      setStatus({ ok: true, text: t('staff.levers.saved') });
      return true;
    } catch (error) {
      setStatus({ ok: false, text: error instanceof Error ? error.message : String(error) });
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    const words = wordsOf(also);
    const key = word.trim().toLowerCase();
    const next: Synonyms = { ...synonyms, [key]: [...new Set([...(synonyms[key] ?? []), ...words])] };
    if (bothWays) {
      const group = [key, ...words];
      for (const member of words) next[member] = [...new Set([...(synonyms[member] ?? []), ...group.filter((w) => w !== member)])];
    }
    if (await save(next)) {
      setWord('');
      setAlso('');
      setBothWays(false);
    }
  }

  const remove = (key: string) => {
    const { [key]: _gone, ...rest } = synonyms;
    void save(rest);
  };

  const entries = Object.entries(synonyms);
  return (
    <section className="levers" aria-labelledby={`${id}-title`} data-levers="synonyms">
      <h2 className="levers__title" id={`${id}-title`}>{t('staff.levers.synonyms')}</h2>
      <p className="levers__text">{t('staff.levers.synonymsText')}</p>
      {entries.length === 0 ? (
        <p className="levers__muted">{t('staff.levers.noSynonyms')}</p>
      ) : (
        <ul className="levers__list">
          {entries.map(([key, words]) => (
            <li key={key} className="levers__item" data-word={key}>
              <span className="levers__what"><span><strong>{key}</strong> → {words.join(', ')}</span></span>
              <button type="button" className="button button--secondary" disabled={busy} onClick={() => remove(key)}>{t('staff.levers.remove')}</button>
            </li>
          ))}
        </ul>
      )}
      <form className="levers__form" onSubmit={(e) => void add(e)}>
        <div className="levers__row">
          <label className="levers__field">
            <span className="levers__label">{t('staff.levers.word')}</span>
            <input className="field" name="word" required maxLength={60} value={word} onChange={(e) => setWord(e.target.value)} />
          </label>
          <label className="levers__field">
            <span className="levers__label">{t('staff.levers.alsoFinds')}</span>
            <input className="field" name="also" required aria-describedby={`${id}-also`} value={also} onChange={(e) => setAlso(e.target.value)} />
            <span className="levers__hint" id={`${id}-also`}>{t('staff.levers.alsoFindsHint')}</span>
          </label>
        </div>
        <label className="levers__check">
          <input type="checkbox" name="both-ways" checked={bothWays} onChange={(e) => setBothWays(e.target.checked)} />
          {t('staff.levers.bothWays')}
        </label>
        <div className="levers__actions">
          <button type="submit" className="button" disabled={busy}>{t('staff.levers.addSynonym')}</button>
        </div>
      </form>
      {status && <p className={status.ok ? 'levers__saved' : 'levers__error'} role={status.ok ? 'status' : 'alert'}>{status.text}</p>}
    </section>
  );
}
