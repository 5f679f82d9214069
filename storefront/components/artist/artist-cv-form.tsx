'use client';

import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { ArtistCv } from '@easel/data/queries/artist-cv';
import { artistCvEditSchema, CV_LIMITS } from '../../lib/catalogue/artist-cv-edit';
import { answer, api, ApiResponseError } from '../../lib/api/client';
import type { MessageKey } from '../../lib/i18n/messages';
import { useT } from '../../lib/i18n/use-t';
import { artistEditMessages } from '../../lib/i18n/messages/artist-edit';
import { editMessages } from '../../lib/i18n/messages/edit';
import { showRefusals } from '../../lib/show-refusals';
import '../product/artwork-edit.css';
import './artist-cv-form.css';

export interface ArtistCvFormProps {
  slug: string;
  /** Where the saved profile is seen. */
  profileUrl: string;
  cv: ArtistCv;
  /** The countries a work may ship from, named in the shopper's language. */
  countries: { value: string; label: string }[];
}

/** The form's entries as typed (a year is text until sent), each with a key of its own for React. */
type EducationDraft = { key: number; institution: string; course: string; year: string };
type ExhibitionDraft = { key: number; year: string; title: string; venue: string; city: string; kind: 'solo' | 'group' };
type Draft = { bio: string; ships_from: string; education: EducationDraft[]; exhibitions: ExhibitionDraft[] };

const YEAR = /^\d{4}$/;

/** The draft as the API takes it, or the paths of years that are not years at all. */
function toBody(draft: Draft): { body: Record<string, unknown>; unreadable: string[] } {
  const unreadable: string[] = [];
  const year = (text: string, path: string) => {
    if (YEAR.test(text.trim())) return Number(text);
    unreadable.push(path);
    return 0;
  };
  return {
    body: {
      bio: draft.bio,
      ships_from: draft.ships_from,
      education: draft.education.map(({ institution, course, year: y }, i) => ({ institution, course, year: year(y, `education.${i}.year`) })),
      exhibitions: draft.exhibitions.map(({ year: y, title, venue, city, kind }, i) => ({ year: year(y, `exhibitions.${i}.year`), title, venue, city, kind })),
    },
    unreadable,
  };
}

/** Only the parts that differ from what is saved: the lists go whole when any entry changed. */
function changedParts(body: Record<string, unknown>, saved: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([name, value]) => JSON.stringify(value) !== JSON.stringify(saved[name])));
}

const idOf = (path: string) => `cv-${path.replaceAll('.', '-')}`;

/** The label of the field at a path, by its last part: 'exhibitions.0.title' -> the exhibition title's. */
const LABELS: Record<string, MessageKey<'artistEdit'>> = {
  bio: 'artistEdit.bio', ships_from: 'artistEdit.shipsFrom', education: 'artistEdit.education', exhibitions: 'artistEdit.exhibitions',
  institution: 'artistEdit.institution', course: 'artistEdit.course', year: 'artistEdit.year', title: 'artistEdit.showTitle',
  venue: 'artistEdit.venue', city: 'artistEdit.city', kind: 'artistEdit.kind',
};

/**
 * Edits an artist's profile: biography, ships-from country, education and exhibitions (entries
 * added and removed in place). Checks the draft with the endpoint's schema, sends what changed,
 * and shows each problem beside its field, the server's included.
 */
export function ArtistCvForm({ slug, profileUrl, cv, countries }: ArtistCvFormProps) {
  const t = useT(artistEditMessages, editMessages);
  const nextKey = useRef(0);
  const draftOf = (from: ArtistCv): Draft => ({
    bio: from.bio,
    ships_from: from.ships_from[0] ?? 'GB',
    education: from.education.map((e) => ({ ...e, year: String(e.year), key: nextKey.current++ })),
    exhibitions: from.exhibitions.map((e) => ({ ...e, year: String(e.year), key: nextKey.current++ })),
  });
  const [saved, setSaved] = useState(() => toBody(draftOf(cv)).body);
  const [draft, setDraft] = useState(() => draftOf(cv));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ kind: 'idle' | 'saving' | 'saved' | 'failed'; message?: string }>({ kind: 'idle' });

  const setEntry = <L extends 'education' | 'exhibitions'>(list: L, key: number, change: Partial<Draft[L][number]>) =>
    setDraft((d) => ({ ...d, [list]: d[list].map((e) => (e.key === key ? { ...e, ...change } : e)) }));
  const removeEntry = (list: 'education' | 'exhibitions', key: number) =>
    setDraft((d) => ({ ...d, [list]: d[list].filter((e) => e.key !== key) }));
  /** A new entry takes the focus, so a keyboard user types straight into it. */
  const focusAfterRender = useRef<string | null>(null);
  const addEntry = (focusPath: string, add: (d: Draft) => Draft) => {
    focusAfterRender.current = focusPath;
    setDraft(add);
  };
  useEffect(() => {
    if (focusAfterRender.current === null) return;
    document.getElementById(idOf(focusAfterRender.current))?.focus();
    focusAfterRender.current = null;
  }, [draft]);

  const labelOf = (path: string): string => {
    const key = LABELS[path.split('.').at(-1)!];
    return key ? t(key) : path;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { body, unreadable } = toBody(draft);
    const found: Record<string, string> = {};
    for (const path of unreadable) found[path] = `${t('artistEdit.year')} ${t('artistEdit.badYear')}.`;
    const edit = changedParts(body, saved);
    const checked = artistCvEditSchema.safeParse(edit);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const path = issue.path.join('.');
        if (path) found[path] ??= `${labelOf(path)} ${issue.message}.`;
      }
    }
    const count = Object.keys(found).length;
    if (count > 0) {
      // Said beside the button, with the focus on the first field at fault, however far up it is.
      showRefusals(() => {
        setErrors(found);
        setStatus({ kind: 'failed', message: t('edit.fixFields', { count }) });
      }, Object.keys(found).map(idOf));
      return;
    }
    setErrors({});
    if (Object.keys(edit).length === 0) return setStatus({ kind: 'failed', message: t('edit.nothingChanged') });
    setStatus({ kind: 'saving' });
    try {
      const answerBody = await answer(api.api.artist.edit.index.$patch({ query: { slug }, json: edit }));
      const next = draftOf(answerBody.cv);
      setSaved(toBody(next).body);
      setDraft(next);
      setStatus({ kind: 'saved', message: t('artistEdit.saved') });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof ApiResponseError && error.param) setErrors({ [error.param]: message });
      setStatus({ kind: 'failed', message: t('edit.failed', { message }) });
    }
  };

  /** A labelled control with its hint and error, for the field at `path` ('bio', 'exhibitions.0.title'). */
  const field = (path: string, label: string, control: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode, hint?: string) => {
    const id = idOf(path);
    const error = errors[path];
    const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
    return (
      <div className="artwork-edit__field" data-field={path}>
        <label className="artwork-edit__label" htmlFor={id}>{label}</label>
        {control({ id, 'aria-invalid': error !== undefined, ...(described ? { 'aria-describedby': described } : {}) })}
        {hint && <p className="artwork-edit__hint" id={`${id}-hint`}>{hint}</p>}
        {error && <p className="artwork-edit__error" id={`${id}-error`}>{error}</p>}
      </div>
    );
  };
  const text = (path: string, label: string, value: string, onChange: (value: string) => void, inputMode?: 'numeric') =>
    field(path, label, (props) => <input {...props} type="text" inputMode={inputMode} value={value} onChange={(e) => onChange(e.target.value)} />);
  /** A list's own error (too many entries), shown under its heading. */
  const listError = (list: string) => errors[list] && <p className="artwork-edit__error" id={`${idOf(list)}-error`}>{errors[list]}</p>;
  const entryLegend = (kind: 'artistEdit.exhibitionEntry' | 'artistEdit.educationEntry', i: number) => t(kind, { number: i + 1 });

  return (
    <form className="artwork-edit artist-cv-form" onSubmit={submit} noValidate>
      <fieldset className="artwork-edit__group">
        <legend className="artwork-edit__legend">{t('artistEdit.biography')}</legend>
        {field('bio', t('artistEdit.bio'), (props) => (
          <textarea {...props} rows={10} maxLength={CV_LIMITS.bio} value={draft.bio} onChange={(e) => setDraft((d) => ({ ...d, bio: e.target.value }))} />
        ), t('artistEdit.bioHint'))}
        {field('ships_from', t('artistEdit.shipsFrom'), (props) => (
          <select {...props} value={draft.ships_from} onChange={(e) => setDraft((d) => ({ ...d, ships_from: e.target.value }))}>
            {countries.map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
          </select>
        ), t('artistEdit.shipsFromHint'))}
      </fieldset>

      <fieldset className="artwork-edit__group" data-list="exhibitions">
        <legend className="artwork-edit__legend">{t('artistEdit.exhibitions')}</legend>
        {listError('exhibitions')}
        <button
          className="button button--secondary artist-cv-form__add"
          type="button"
          disabled={draft.exhibitions.length >= CV_LIMITS.exhibitions}
          onClick={() => addEntry('exhibitions.0.year', (d) => ({ ...d, exhibitions: [{ key: nextKey.current++, year: '', title: '', venue: '', city: '', kind: 'group' }, ...d.exhibitions] }))}
        >
          {t('artistEdit.addExhibition')}
        </button>
        {draft.exhibitions.length === 0 && <p className="artwork-edit__hint">{t('artistEdit.none')}</p>}
        {draft.exhibitions.map((e, i) => (
          <fieldset className="artist-cv-form__entry" key={e.key} data-entry={`exhibitions.${i}`}>
            <legend className="artist-cv-form__entry-legend">{entryLegend('artistEdit.exhibitionEntry', i)}</legend>
            <div className="artist-cv-form__entry-fields artist-cv-form__entry-fields--exhibition">
              {text(`exhibitions.${i}.year`, t('artistEdit.year'), e.year, (year) => setEntry('exhibitions', e.key, { year }), 'numeric')}
              {text(`exhibitions.${i}.title`, t('artistEdit.showTitle'), e.title, (title) => setEntry('exhibitions', e.key, { title }))}
              {field(`exhibitions.${i}.kind`, t('artistEdit.kind'), (props) => (
                <select {...props} value={e.kind} onChange={(event) => setEntry('exhibitions', e.key, { kind: event.target.value as 'solo' | 'group' })}>
                  <option value="solo">{t('artistEdit.kind.solo')}</option>
                  <option value="group">{t('artistEdit.kind.group')}</option>
                </select>
              ))}
              {text(`exhibitions.${i}.venue`, t('artistEdit.venue'), e.venue, (venue) => setEntry('exhibitions', e.key, { venue }))}
              {text(`exhibitions.${i}.city`, t('artistEdit.city'), e.city, (city) => setEntry('exhibitions', e.key, { city }))}
            </div>
            <button className="button button--secondary artist-cv-form__remove" type="button" onClick={() => removeEntry('exhibitions', e.key)}>
              {t('artistEdit.remove')}<span className="visually-hidden"> {entryLegend('artistEdit.exhibitionEntry', i)}</span>
            </button>
          </fieldset>
        ))}
      </fieldset>

      <fieldset className="artwork-edit__group" data-list="education">
        <legend className="artwork-edit__legend">{t('artistEdit.education')}</legend>
        {listError('education')}
        {draft.education.length === 0 && <p className="artwork-edit__hint">{t('artistEdit.none')}</p>}
        {draft.education.map((e, i) => (
          <fieldset className="artist-cv-form__entry" key={e.key} data-entry={`education.${i}`}>
            <legend className="artist-cv-form__entry-legend">{entryLegend('artistEdit.educationEntry', i)}</legend>
            <div className="artist-cv-form__entry-fields">
              {text(`education.${i}.institution`, t('artistEdit.institution'), e.institution, (institution) => setEntry('education', e.key, { institution }))}
              {text(`education.${i}.course`, t('artistEdit.course'), e.course, (course) => setEntry('education', e.key, { course }))}
              {text(`education.${i}.year`, t('artistEdit.year'), e.year, (year) => setEntry('education', e.key, { year }), 'numeric')}
            </div>
            <button className="button button--secondary artist-cv-form__remove" type="button" onClick={() => removeEntry('education', e.key)}>
              {t('artistEdit.remove')}<span className="visually-hidden"> {entryLegend('artistEdit.educationEntry', i)}</span>
            </button>
          </fieldset>
        ))}
        <button
          className="button button--secondary artist-cv-form__add"
          type="button"
          disabled={draft.education.length >= CV_LIMITS.education}
          onClick={() => addEntry(`education.${draft.education.length}.institution`, (d) => ({ ...d, education: [...d.education, { key: nextKey.current++, institution: '', course: '', year: '' }] }))}
        >
          {t('artistEdit.addEducation')}
        </button>
      </fieldset>

      <div className="artwork-edit__actions">
        <button className="button" type="submit" disabled={status.kind === 'saving'}>{status.kind === 'saving' ? t('edit.saving') : t('edit.save')}</button>
        <p className={`artwork-edit__status artwork-edit__status--${status.kind}`} role="status">{status.message}</p>
        {status.kind === 'saved' && <a href={profileUrl}>{t('artistEdit.backToProfile')}</a>}
      </div>
    </form>
  );
}
