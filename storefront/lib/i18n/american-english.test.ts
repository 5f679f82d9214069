import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, CATEGORY_VALUES, COLOUR_VALUES, ORIENTATIONS, SIZE_BUCKETS, STYLES, SUBJECTS } from '@easel/shared/vocabulary';
import { describeIssue, PARAM_LABELS } from '@easel/search-service/contract';
import { FILTERS } from '@easel/search-service/filters';
import { wordIn } from '../api/errors';
import { describeRefusal, type Refusal } from '../basket/refusals';
import { formatMedium } from '../cards';
import { filterLabel, valueLabel } from '../gallery/labels';
import { getPageSeo } from '../gallery/seo';
import { creditData } from '../settings/entity';
import { britishSpellingsIn } from './british-spellings.fixture';
import { MESSAGES, type MessageKey } from './messages';
import { getTranslator } from './translate';

/**
 * American English everywhere Easel speaks for itself: every message, vocabulary label, SEO
 * text and API refusal, rendered in en-US, holds none of the British spellings. The pages
 * themselves are walked in the browser (storefront/test/browser/american-english.test.ts).
 */

const american = getTranslator('en-us');
const british = getTranslator('en-gb');
const SAMPLE_VALUES = { count: 2, name: 'Ada', email: 'ada@example.com', code: 'WELCOME10', limit: 5, What: 'Paintings', what: 'paintings', original: 'Original' };

describe('American English', () => {
  it.each(Object.keys(MESSAGES['en-us']) as MessageKey[])('message %s', (key) => {
    const one = american(key, { ...SAMPLE_VALUES, count: 1 });
    expect(britishSpellingsIn(`${one} ${american(key, SAMPLE_VALUES)}`)).toEqual([]);
  });

  it('names every value of the vocabulary, and every filter, the American way', () => {
    const values = [...CATEGORY_VALUES, ...Object.values(CATEGORIES).flat(), ...SUBJECTS, ...STYLES, ...COLOUR_VALUES, ...ORIENTATIONS, ...SIZE_BUCKETS];
    const labels = [...values.map((value) => valueLabel(value, american)), ...FILTERS.map((row) => filterLabel(row, american))];
    expect(britishSpellingsIn(labels.join(' | '))).toEqual([]);
    expect([valueLabel('grey', american), valueLabel('watercolour', american), filterLabel(FILTERS.find((r) => r.name === 'colours')!, american)]).toEqual(['Gray', 'Watercolor', 'Color']);
    // British English keeps its own.
    expect([valueLabel('grey', british), valueLabel('coloured-pencil', british)]).toEqual(['Grey', 'Coloured pencil']);
  });

  it('describes every medium the American way', () => {
    const media = CATEGORY_VALUES.flatMap((category) => CATEGORIES[category].map((subcategory) => formatMedium({ category, subcategory }, 'en-us')));
    expect(britishSpellingsIn(media.join(' | '))).toEqual([]);
    expect(formatMedium({ category: 'photography', subcategory: 'colour' }, 'en-us')).toBe('Color photograph');
    expect(formatMedium({ category: 'painting', subcategory: 'watercolour' }, 'en-us')).toBe('Watercolor painting');
    expect(formatMedium({ category: 'painting', subcategory: 'watercolour' }, 'en-gb')).toBe('Watercolour painting');
  });

  it('writes the SEO text of every gallery landing page the American way', () => {
    const landings = [{}, ...CATEGORY_VALUES.flatMap((category) => [{ category }, ...CATEGORIES[category].map((subcategory) => ({ category, subcategory }))])];
    const texts = landings.map((landing) => Object.values(getPageSeo(landing, american)).join(' | '));
    expect(britishSpellingsIn(texts.join(' | '))).toEqual([]);
  });

  it('words every basket and checkout refusal the American way', () => {
    const refusals: Refusal[] = [
      { reason: 'not_found' }, { reason: 'no_such_print' }, { reason: 'sold', title: 'Tide' }, { reason: 'unavailable', title: 'Tide' },
      { reason: 'reserved', title: 'Tide' }, { reason: 'sold_out', title: 'Tide', size_label: 'A3', remaining: 0 },
      { reason: 'sold_out', title: 'Tide', size_label: 'A3', remaining: 2 }, { reason: 'stale_line' }, { reason: 'not_a_print' },
      { reason: 'unknown_promo', code: 'NOPE' }, { reason: 'expired_promo', code: 'SUMMER2025', expires_at: '2025-09-01T00:00:00.000Z' },
      { reason: 'empty_basket' }, { reason: 'not_shipped', title: 'Tide', country: 'JP' }, { ok: false, reason: 'payment_declined', message: 'Your card was declined.' },
      { reason: 'hold_limit', limit: 5 }, { ok: false, reason: 'quote_changed', total_minor: 30719, currency: 'USD' },
    ];
    const messages = refusals.map((refusal) => wordIn(describeRefusal(refusal).message, 'en-us'));
    expect(britishSpellingsIn(messages.join(' | '))).toEqual([]);
    expect(wordIn(describeRefusal({ reason: 'stale_line' }).message, 'en-us')).toBe('That item is no longer in your cart.');
    expect(wordIn(describeRefusal({ reason: 'stale_line' }).message, 'en-gb')).toBe('That item is no longer in your basket.');
  });

  it('names every search parameter the American way in the search API\'s refusals', () => {
    // The parameter's own name ('colours', as SPEC §3 spells it and a client sends it) is a name, not wording.
    const refusals = Object.keys(PARAM_LABELS).map((param) => describeIssue(param, 'must be given once', 'en-us').replace(`(${param})`, ''));
    expect(britishSpellingsIn(refusals.join(' | '))).toEqual([]);
  });

  it('offers credit in American English', () => {
    expect(britishSpellingsIn(creditData('en-us', true).display_text)).toEqual([]);
  });

  it('leaves no British spelling in a refusal the API words the same in both Englishes', () => {
    // Sentences written straight into the API's code (not the message table) are the same in both Englishes, so none may be British.
    const root = path.resolve(import.meta.dirname, '..');
    const sources = fs.readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => /(api|refusals|validate|errors|artwork-edit|request-params)\.ts$/.test(file) && !file.includes('test') && !file.startsWith('i18n'));
    expect(sources.length).toBeGreaterThan(15);
    const sentences = sources.flatMap((file) => {
      const code = fs.readFileSync(path.join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      // Every string literal in order, so that one's closing quote is never taken for the next one's opening.
      const literals = [...code.matchAll(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g)].map(([literal]) => literal.slice(1, -1));
      return literals.filter((literal) => literal.includes(' ')).map((literal) => `${file}: ${literal}`);
    });
    expect(sentences.length).toBeGreaterThan(50);
    expect(sentences.filter((sentence) => britishSpellingsIn(sentence.slice(sentence.indexOf(': ') + 2)).length > 0)).toEqual([]);
  });
});
