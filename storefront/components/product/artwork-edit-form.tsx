'use client';

import { useState, type FormEvent } from 'react';
import type { EditableArtwork } from '@easel/data/queries/editing';
import { CATEGORIES, CATEGORY_VALUES, STYLES, SUBJECTS, type Category } from '@easel/shared/vocabulary';
import { artworkEditSchema } from '../../lib/catalogue/artwork-edit';
import { answer, api, ApiResponseError } from '../../lib/api/client';
import { valueLabel } from '../../lib/gallery/labels';
import { isKeyIn } from '../../lib/i18n/message-area';
import { useT } from '../../lib/i18n/use-t';
import { editMessages } from '../../lib/i18n/messages/edit';
import { sellingMessages } from '../../lib/i18n/messages/selling';
import { vocabularyMessages } from '../../lib/i18n/messages/vocabulary';
import { listingMessages } from '../../lib/i18n/messages/listing';
import type { DisplayUnits } from '../../lib/money';
import { showRefusals } from '../../lib/show-refusals';
import { penceOf } from '../../lib/selling/listing-draft';
import { ColourSwatches, UnitsChoice, workFormControls } from '../selling/listing-controls';
import './artwork-edit.css';

export interface ArtworkEditFormProps {
  artwork: EditableArtwork;
  shippingProfiles: { id: number; label: string }[];
}

/** The form's fields as typed: text for every input, so a half-typed number stays as typed. */
type Draft = {
  title: string; description: string; price: string; sale_price: string; category: Category; subcategory: string; medium: string;
  subject: string; style: string; colours: string[]; units: DisplayUnits; width: string; height: string; depth: string;
  framed: boolean; ready_to_hang: boolean; shipping_profile_id: string;
};
type FieldName = keyof Draft;

/** The API's field names -> the form's, for errors the server names. */
const FIELD_OF_PARAM: Record<string, FieldName> = {
  price_minor: 'price', sale_price_minor: 'sale_price', width_cm: 'width', height_cm: 'height', depth_cm: 'depth',
};
/** `colours.1` -> 'colours'. */
const fieldOf = (param: string): FieldName => FIELD_OF_PARAM[param] ?? (param.split('.')[0] as FieldName);
const SIDES = ['width', 'height', 'depth'] as const;

const pounds = (minor: number | null) => (minor === null ? '' : minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2));

function draftOf(artwork: EditableArtwork): Draft {
  return {
    title: artwork.title, description: artwork.description, price: pounds(artwork.price_minor), sale_price: pounds(artwork.sale_price_minor),
    category: artwork.category, subcategory: artwork.subcategory, medium: artwork.medium,
    subject: artwork.subject, style: artwork.style, colours: artwork.colours,
    units: 'cm', width: String(artwork.width_cm), height: String(artwork.height_cm), depth: String(artwork.depth_cm),
    framed: artwork.framed, ready_to_hang: artwork.ready_to_hang, shipping_profile_id: String(artwork.shipping_profile_id),
  };
}

const LENGTH = /^\d{1,4}(\.\d)?$/;

/** A side typed in one unit, in the other, to one decimal: ('10', 'cm' -> 'in') -> '3.9'. */
const convert = (text: string, to: DisplayUnits) =>
  (LENGTH.test(text.trim()) ? String(Math.round((to === 'in' ? Number(text) / 2.54 : Number(text) * 2.54) * 10) / 10) : text);

/**
 * The changed fields as the API takes them, or the fields whose text is not a number at all:
 * { price: '450.50' } -> { price_minor: 45050 }. A changed size sends all three sides with their units.
 */
function toEdit(draft: Draft, saved: Draft): { edit: Record<string, unknown>; unreadable: FieldName[] } {
  const edit: Record<string, unknown> = {};
  const unreadable: FieldName[] = [];
  const sized = ['units', ...SIDES].some((name) => draft[name as FieldName] !== saved[name as FieldName]);
  if (sized) edit.units = draft.units;
  for (const name of Object.keys(draft) as FieldName[]) {
    const value = draft[name];
    const side = (SIDES as readonly string[]).includes(name);
    if (name === 'units' || (!side && String(value) === String(saved[name])) || (side && !sized)) continue;
    if (typeof value === 'boolean' || Array.isArray(value)) edit[name] = value;
    else if (name === 'price' || name === 'sale_price') {
      const pence = penceOf(value);
      if (name === 'sale_price' && value.trim() === '') edit.sale_price_minor = null;
      else if (pence !== undefined) edit[`${name}_minor`] = pence;
      else unreadable.push(name);
    } else if (side) {
      if (LENGTH.test(value.trim())) edit[name] = Number(value);
      else unreadable.push(name);
    } else if (name === 'shipping_profile_id') edit[name] = Number(value);
    else edit[name] = name === 'medium' ? value.trim() : value;
  }
  return { edit, unreadable };
}

/** Edits a work's listing: checks the draft, sends only what changed, and shows each problem beside its field. */
export function ArtworkEditForm({ artwork, shippingProfiles }: ArtworkEditFormProps) {
  const t = useT(editMessages, listingMessages, sellingMessages, vocabularyMessages);
  const [saved, setSaved] = useState(() => draftOf(artwork));
  const [draft, setDraft] = useState(saved);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [status, setStatus] = useState<{ kind: 'idle' | 'saving' | 'saved' | 'failed'; message?: string }>({ kind: 'idle' });

  const set = <K extends FieldName>(name: K, value: Draft[K]) => setDraft((d) => ({ ...d, [name]: value }));
  const label = (name: FieldName): string => t(({
    title: 'edit.workTitle', description: 'edit.description', price: 'edit.price', sale_price: 'edit.salePrice',
    category: 'selling.category', subcategory: 'edit.subcategory', medium: 'selling.medium', subject: 'edit.subject', style: 'edit.style',
    colours: 'selling.colours', units: 'selling.units', width: 'selling.width', height: 'selling.height', depth: 'selling.depth',
    framed: 'edit.framed', ready_to_hang: 'edit.readyToHang', shipping_profile_id: 'edit.shippingProfile',
  } as const)[name], { units: draft.units });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { edit, unreadable } = toEdit(draft, saved);
    const found: Partial<Record<FieldName, string>> = {};
    for (const name of unreadable) found[name] = `${label(name)} ${t(name === 'price' || name === 'sale_price' ? 'edit.badAmount' : 'edit.badNumber')}.`;
    const checked = artworkEditSchema.safeParse(edit);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const name = fieldOf(issue.path.map(String).join('.'));
        if (name in draft) found[name] ??= isKeyIn(listingMessages, issue.message) ? t(issue.message) : `${label(name)} ${issue.message}.`;
      }
    }
    const count = Object.keys(found).length;
    if (count > 0) {
      // Said beside the button, with the focus on the first field at fault, however far up it is.
      showRefusals(() => {
        setErrors(found);
        setStatus({ kind: 'failed', message: t('edit.fixFields', { count }) });
      }, Object.keys(found).map((name) => `edit-${name}`));
      return;
    }
    setErrors({});
    if (Object.keys(edit).length === 0) return setStatus({ kind: 'failed', message: t('edit.nothingChanged') });
    setStatus({ kind: 'saving' });
    try {
      const saved = await answer(api.api.product.edit.index.$patch({ query: { slug: artwork.slug }, json: edit }));
      const next = draftOf(saved.artwork);
      setSaved(next);
      setDraft(next);
      setStatus({ kind: 'saved', message: t('edit.saved') });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const param = error instanceof ApiResponseError ? error.param : undefined;
      const name = param === undefined ? undefined : fieldOf(param);
      if (name && name in draft) setErrors({ [name]: message });
      setStatus({ kind: 'failed', message: t('edit.failed', { message }) });
    }
  };

  const { field, text, choice, flag } = workFormControls({ idPrefix: 'edit', draft, set, errors, label });
  const vocabulary = (values: readonly string[]) => values.map((value) => ({ value, label: valueLabel(value, t) }));

  return (
    <form className="artwork-edit" onSubmit={submit} noValidate>
      <fieldset className="artwork-edit__group">
        <legend className="artwork-edit__legend">{t('edit.basics')}</legend>
        {text('title')}
        {field('description', (props) => <textarea {...props} rows={6} value={draft.description} onChange={(e) => set('description', e.target.value)} />)}
      </fieldset>

      <fieldset className="artwork-edit__group">
        <legend className="artwork-edit__legend">{t('edit.pricing')}</legend>
        <div className="artwork-edit__row">
          {text('price', { inputMode: 'decimal' })}
          {text('sale_price', { inputMode: 'decimal', hint: t('edit.salePriceHint') })}
        </div>
      </fieldset>

      <fieldset className="artwork-edit__group">
        <legend className="artwork-edit__legend">{t('edit.attributes')}</legend>
        <div className="artwork-edit__row">
          {choice('category', vocabulary(CATEGORY_VALUES), (value) => setDraft((d) => ({ ...d, category: value as Category, subcategory: CATEGORIES[value as Category][0] })))}
          {choice('subcategory', vocabulary(CATEGORIES[draft.category]))}
        </div>
        {text('medium', { hint: t('edit.mediumHint') })}
        <div className="artwork-edit__row">
          {choice('subject', vocabulary(SUBJECTS))}
          {choice('style', vocabulary(STYLES))}
        </div>
        <ColourSwatches id="edit-colours" label={label('colours')} colours={draft.colours} error={errors.colours} onChange={(colours) => set('colours', colours)} />
        <UnitsChoice
          name="edit-units"
          label={label('units')}
          units={draft.units}
          onChange={(units) => setDraft((d) => ({ ...d, units, ...Object.fromEntries(SIDES.map((side) => [side, convert(d[side], units)])) }))}
        />
        <div className="artwork-edit__row">
          {text('width', { inputMode: 'decimal' })}
          {text('height', { inputMode: 'decimal' })}
          {text('depth', { inputMode: 'decimal' })}
        </div>
        <div className="artwork-edit__checks">
          {flag('framed')}
          {flag('ready_to_hang')}
        </div>
      </fieldset>

      <fieldset className="artwork-edit__group">
        <legend className="artwork-edit__legend">{t('edit.shipping')}</legend>
        {choice('shipping_profile_id', shippingProfiles.map((p) => ({ value: String(p.id), label: p.label })))}
      </fieldset>

      <div className="artwork-edit__actions">
        <button className="button" type="submit" disabled={status.kind === 'saving'}>{status.kind === 'saving' ? t('edit.saving') : t('edit.save')}</button>
        <p className={`artwork-edit__status artwork-edit__status--${status.kind}`} role="status">{status.message}</p>
      </div>
    </form>
  );
}
