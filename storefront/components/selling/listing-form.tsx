'use client';

import { useState, type FormEvent } from 'react';
import { CATEGORIES, CATEGORY_VALUES, STYLES, SUBJECTS, type Category } from '@easel/shared/vocabulary';
import { answer, api, ApiResponseError } from '../../lib/api/client';
import { valueLabel } from '../../lib/gallery/labels';
import { isKeyIn } from '../../lib/i18n/message-area';
import type { MessageKey } from '../../lib/i18n/messages';
import { fieldOf, toListingBody, type ListingDraft as Draft, type ListingField as FieldName } from '../../lib/selling/listing-draft';
import { useT } from '../../lib/i18n/use-t';
import { editMessages } from '../../lib/i18n/messages/edit';
import { sellingMessages } from '../../lib/i18n/messages/selling';
import { vocabularyMessages } from '../../lib/i18n/messages/vocabulary';
import { listingMessages } from '../../lib/i18n/messages/listing';
import { listingSchema } from '../../lib/listing/listing';
import type { DisplayUnits } from '../../lib/money';
import { showRefusals } from '../../lib/show-refusals';
import '../product/artwork-edit.css';
import { ColourSwatches, UnitsChoice, workFormControls } from './listing-controls';
import './selling.css';

export interface ListingFormProps {
  /** The artist's shipping profiles, each with the country it sends from, named in their English. */
  profiles: { id: number; ships_from: string; country: string; dispatch_days: number }[];
  /** The units the artist measures in (their settings), offered first. */
  units: DisplayUnits;
}

const LABELS: Record<FieldName, MessageKey<'edit' | 'selling'>> = {
  title: 'edit.workTitle', description: 'edit.description', category: 'selling.category', subcategory: 'selling.subcategory',
  medium: 'selling.medium', subject: 'edit.subject', style: 'edit.style', colours: 'selling.colours', units: 'selling.units',
  width: 'selling.width', height: 'selling.height', depth: 'selling.depth', framed: 'edit.framed', ready_to_hang: 'edit.readyToHang',
  price: 'edit.price', sale_price: 'edit.salePrice', ships_from: 'edit.shippingProfile', shipping_profile_id: 'selling.profile',
};

/**
 * "List a work": every field a shopper filters on, checked with the schema the API checks with
 * (each problem named beside its field, the server's included), saved as a draft; then the
 * artist goes on to the work's edit page to add its photos.
 */
export function ListingForm({ profiles, units }: ListingFormProps) {
  const t = useT(editMessages, listingMessages, sellingMessages, vocabularyMessages);
  const countries = [...new Map(profiles.map((p) => [p.ships_from, p.country])).entries()];
  const [draft, setDraft] = useState<Draft>(() => ({
    title: '', description: '', category: 'painting', subcategory: CATEGORIES.painting[0], medium: '', subject: SUBJECTS[0], style: STYLES[0],
    colours: [], units, width: '', height: '', depth: '0', framed: false, ready_to_hang: false, price: '', sale_price: '',
    ships_from: profiles[0]?.ships_from ?? '', shipping_profile_id: String(profiles[0]?.id ?? ''),
  }));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [status, setStatus] = useState<{ kind: 'idle' | 'saving' | 'failed'; message?: string }>({ kind: 'idle' });

  const set = <K extends FieldName>(name: K, value: Draft[K]) => setDraft((d) => ({ ...d, [name]: value }));
  const label = (name: FieldName) => t(LABELS[name], { units: draft.units });
  const profilesFrom = (country: string) => profiles.filter((p) => p.ships_from === country);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { body, unreadable } = toListingBody(draft);
    const found: Partial<Record<FieldName, string>> = {};
    for (const name of unreadable) found[name] = `${label(name)} ${t('edit.badAmount')}.`;
    const checked = listingSchema.safeParse(body);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const name = fieldOf(issue.path.map(String).join('.'));
        if (name in draft) found[name] ??= isKeyIn(listingMessages, issue.message) ? t(issue.message) : `${label(name)} ${issue.message}.`;
      }
    }
    const count = Object.keys(found).length;
    if (count > 0 || !checked.success) {
      showRefusals(() => {
        setErrors(found);
        setStatus({ kind: 'failed', message: t('edit.fixFields', { count }) });
      }, Object.keys(found).map((name) => `listing-${name}`));
      return;
    }
    setErrors({});
    setStatus({ kind: 'saving' });
    try {
      const { work } = await answer(api.api.artist.works.index.$post({ json: checked.data }));
      window.location.assign(`/product/${work.slug}/edit/?saved=draft#photos`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof ApiResponseError && error.param) {
        const name = fieldOf(error.param);
        if (name in draft) setErrors({ [name]: message });
      }
      setStatus({ kind: 'failed', message: t('edit.failed', { message }) });
    }
  };

  const { field, text, choice, flag } = workFormControls({ idPrefix: 'listing', draft, set, errors, label });
  const vocabulary = (values: readonly string[]) => values.map((value) => ({ value, label: valueLabel(value, t) }));

  return (
    <form className="artwork-edit listing-form" onSubmit={submit} noValidate>
      <fieldset className="artwork-edit__group">
        <legend className="artwork-edit__legend">{t('edit.basics')}</legend>
        {text('title')}
        {field('description', (props) => <textarea {...props} rows={6} value={draft.description} onChange={(e) => set('description', e.target.value)} />)}
      </fieldset>

      <fieldset className="artwork-edit__group">
        <legend className="artwork-edit__legend">{t('edit.attributes')}</legend>
        <div className="artwork-edit__row">
          {choice('category', vocabulary(CATEGORY_VALUES), (value) => setDraft((d) => ({ ...d, category: value as Category, subcategory: CATEGORIES[value as Category][0] })))}
          {choice('subcategory', vocabulary(CATEGORIES[draft.category]))}
        </div>
        {text('medium', { hint: t('selling.mediumHint') })}
        <div className="artwork-edit__row">
          {choice('subject', vocabulary(SUBJECTS))}
          {choice('style', vocabulary(STYLES))}
        </div>
        <ColourSwatches id="listing-colours" label={label('colours')} colours={draft.colours} error={errors.colours} onChange={(colours) => set('colours', colours)} />
      </fieldset>

      <fieldset className="artwork-edit__group">
        <legend className="artwork-edit__legend">{t('selling.size')}</legend>
        <UnitsChoice name="units" label={label('units')} units={draft.units} onChange={(units) => set('units', units)} />
        <div className="artwork-edit__row">
          {text('width', { inputMode: 'decimal' })}
          {text('height', { inputMode: 'decimal' })}
          {text('depth', { hint: t('selling.depthHint'), inputMode: 'decimal' })}
        </div>
        <div className="artwork-edit__checks">
          {flag('framed')}
          {flag('ready_to_hang')}
        </div>
      </fieldset>

      <fieldset className="artwork-edit__group">
        <legend className="artwork-edit__legend">{t('edit.pricing')}</legend>
        <div className="artwork-edit__row">
          {text('price', { inputMode: 'decimal' })}
          {text('sale_price', { hint: t('edit.salePriceHint'), inputMode: 'decimal' })}
        </div>
      </fieldset>

      <fieldset className="artwork-edit__group">
        <legend className="artwork-edit__legend">{t('edit.shipping')}</legend>
        {profiles.length === 0 && <p className="artwork-edit__error">{t('selling.noProfile')}</p>}
        <div className="artwork-edit__row">
          {choice('ships_from', countries.map(([value, country]) => ({ value, label: country })), (value) =>
            setDraft((d) => ({ ...d, ships_from: value, shipping_profile_id: String(profilesFrom(value)[0]?.id ?? '') })))}
          {choice('shipping_profile_id', profilesFrom(draft.ships_from).map((p) => ({
            value: String(p.id), label: t('selling.profileOption', { count: p.dispatch_days }),
          })))}
        </div>
      </fieldset>

      <div className="artwork-edit__actions">
        <button className="button" type="submit" disabled={status.kind === 'saving'}>{status.kind === 'saving' ? t('selling.saving') : t('selling.saveDraft')}</button>
        <p className={`artwork-edit__status artwork-edit__status--${status.kind}`} role="status">{status.message}</p>
      </div>
    </form>
  );
}
