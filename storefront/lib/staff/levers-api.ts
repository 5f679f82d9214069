import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { Db } from '@easel/data/db';
import {
  addSearchRule, deleteSearchRule, getSearchRules, getSynonyms, replaceSynonyms, unknownSlugs, updateSearchRule,
  type SearchRuleFields, type Synonyms,
} from '@easel/data/queries/search-levers';
import { CATEGORY_ADDRESSES, MAX_BOOSTS } from '@easel/search-service/contract';
import { normaliseSearchWords } from '@easel/shared/search-words';
import { sessionCookie } from '../api/context';
import { ApiError } from '../api/errors';
import { json, jsonObject, query } from '../api/validate';
import { slugSchema } from '../request-params';
import { isStaff } from './access';

/**
 * The levers staff pull on search (docs/SEARCH-ANALYTICS.md, "The levers"): the synonyms
 * (`/api/staff/synonyms/`: GET, PUT the whole set) and the rules per search
 * (`/api/staff/search-rules/`: GET the list, POST one, PATCH and DELETE one by `?id=`). The
 * indexer carries every change to each engine. Staff only: anyone else, signed in or not, is
 * refused with 403.
 */

type Dependencies = { getDb: () => Promise<Db> };

const PRIVATE = { 'Cache-Control': 'private, no-store' };
const SYNONYMS_PATH = '/api/staff/synonyms/';
const RULES_PATH = '/api/staff/search-rules/';
const MAX_BODY_BYTES = 64 * 1024;

/** Enough for a shop's vocabulary; each is a setting every engine holds. */
export const MAX_SYNONYM_WORDS = 500;
export const MAX_SYNONYMS_PER_WORD = 20;
export const MAX_WORDS_LENGTH = 60;
export const MAX_HIDDEN_WORKS = 100;
export const MAX_BANNER_TITLE_LENGTH = 120;

/** Control characters and the bidirectional overrides, which make words read otherwise than they are. */
const UNPRINTABLE = /[\p{Cc}\p{Cs}\u202A-\u202E\u2066-\u2069]/u;

/** A search's words as staff type them, normalised: '  Sofa   Art' -> 'sofa art'. */
const wordsSchema = z
  .string({ error: 'must be words, such as "kitty"' })
  .refine((text) => !UNPRINTABLE.test(text), 'must be printable words')
  .transform(normaliseSearchWords)
  .pipe(z.string().min(1, 'must hold a word').max(MAX_WORDS_LENGTH, `must be at most ${MAX_WORDS_LENGTH} characters`));

const synonymsSchema = z.strictObject({
  synonyms: z
    .record(z.string(), z.array(wordsSchema, { error: 'must each be a list of words, such as ["cat"]' })
      .min(1, 'must name at least one word').max(MAX_SYNONYMS_PER_WORD, `must name at most ${MAX_SYNONYMS_PER_WORD} words`), { error: 'must be an object of words, such as { "kitty": ["cat"] }' })
    .refine((record) => Object.keys(record).length <= MAX_SYNONYM_WORDS, `may hold at most ${MAX_SYNONYM_WORDS} words`),
});

/**
 * The synonyms as the engine takes them, normalised, each list without repeats or the word
 * itself: { ' Kitty ': ['Cat', 'cat'] } -> { kitty: ['cat'] }. Refuses a word given twice, or
 * one whose list names only itself.
 */
function normaliseSynonyms(raw: Record<string, string[]>): Synonyms {
  const out: Synonyms = {};
  for (const [key, words] of Object.entries(raw)) {
    const word = normaliseSearchWords(key);
    const param = `synonyms.${key}`;
    if (!word || UNPRINTABLE.test(key)) throw new ApiError(400, 'invalid_parameter', `${param} must be printable words.`, param);
    if (word.length > MAX_WORDS_LENGTH) throw new ApiError(400, 'invalid_parameter', `${param} must be at most ${MAX_WORDS_LENGTH} characters.`, param);
    if (out[word]) throw new ApiError(400, 'invalid_parameter', `"${word}" is given twice; give its words once.`, param);
    const list = [...new Set(words)].filter((w) => w !== word);
    if (list.length === 0) throw new ApiError(400, 'invalid_parameter', `${param} must name a word other than "${word}" itself.`, param);
    out[word] = list;
  }
  return out;
}

/** A page of this site, as its address bar shows it after the host: '/shop/?q=cat'. */
const sitePathSchema = z
  .string({ error: 'must be an address on this site, such as /shop/?q=cat' })
  .max(300, 'must be at most 300 characters')
  .regex(/^\/(?![/\\])[^\s\\]*$/, 'must be an address on this site, such as /shop/?q=cat')
  .refine((url) => !UNPRINTABLE.test(url), 'must be an address on this site, such as /shop/?q=cat');

const dateSchema = z.iso.datetime({ offset: true, error: 'must be a date and time such as 2026-12-01T09:00:00Z' }).transform((at) => new Date(at).toISOString());

const pinSchema = z.strictObject({
  slug: slugSchema,
  position: z.int({ error: 'must be a whole number from 1' }).min(1, 'must be a whole number from 1').max(1000, 'must be at most 1000'),
});

const ruleFields = {
  query: wordsSchema.nullable(),
  category: z.enum(CATEGORY_ADDRESSES as [string, ...string[]], { error: 'must be a category address such as painting or painting/oil' }).nullable(),
  pins: z.array(pinSchema).max(MAX_BOOSTS, `may pin at most ${MAX_BOOSTS} works`),
  hides: z.array(slugSchema).max(MAX_HIDDEN_WORKS, `may hide at most ${MAX_HIDDEN_WORKS} works`),
  banner: z.strictObject({
    title: z.string({ error: 'must be words' }).trim().min(1, 'must hold words').max(MAX_BANNER_TITLE_LENGTH, `must be at most ${MAX_BANNER_TITLE_LENGTH} characters`)
      .refine((text) => !UNPRINTABLE.test(text), 'must be printable words'),
    url: sitePathSchema,
  }).nullable(),
  starts_at: dateSchema.nullable(),
  ends_at: dateSchema.nullable(),
};

const newRuleSchema = z.strictObject({
  query: ruleFields.query.default(null),
  category: ruleFields.category.default(null),
  pins: ruleFields.pins.default([]),
  hides: ruleFields.hides.default([]),
  banner: ruleFields.banner.default(null),
  starts_at: ruleFields.starts_at.default(null),
  ends_at: ruleFields.ends_at.default(null),
});
const ruleChangeSchema = z.strictObject(ruleFields).partial();
const idQuerySchema = z.object({ id: z.coerce.number({ error: 'must be a rule id' }).int('must be a rule id').positive('must be a rule id') });

/** What a whole rule must be, beyond each field: what it applies to, something to do, dates in order, each work once. */
function checkRule(rule: SearchRuleFields): void {
  const refuse = (param: string, message: string) => {
    throw new ApiError(400, 'invalid_parameter', message, param);
  };
  if (rule.query === null && rule.category === null) refuse('query', 'A rule needs the words of a search (query) or a category address (category).');
  if (rule.pins.length === 0 && rule.hides.length === 0 && rule.banner === null) refuse('pins', 'A rule must pin a work, hide a work or show a banner.');
  if (rule.starts_at !== null && rule.ends_at !== null && rule.ends_at <= rule.starts_at) refuse('ends_at', 'ends_at must be after starts_at.');
  const seen = new Set<string>();
  rule.pins.forEach((pin, i) => {
    if (seen.has(pin.slug)) refuse(`pins.${i}.slug`, `${pin.slug} is pinned twice; pin it once.`);
    seen.add(pin.slug);
  });
  const positions = new Set<number>();
  rule.pins.forEach((pin, i) => {
    if (positions.has(pin.position)) refuse(`pins.${i}.position`, `Two works are pinned at position ${pin.position}; give each its own.`);
    positions.add(pin.position);
  });
  rule.hides.forEach((slug, i) => {
    if (seen.has(slug)) refuse(`hides.${i}`, `${slug} is both pinned and hidden; choose one.`);
  });
}

/** Refuses a rule naming a work the catalogue does not have. */
async function checkWorks(db: Db, rule: Pick<SearchRuleFields, 'pins' | 'hides'>): Promise<void> {
  const slugs = [...rule.pins.map((pin) => pin.slug), ...rule.hides];
  const [unknown] = await unknownSlugs(db, slugs);
  if (unknown === undefined) return;
  const pin = rule.pins.findIndex((p) => p.slug === unknown);
  const param = pin >= 0 ? `pins.${pin}.slug` : `hides.${rule.hides.indexOf(unknown)}`;
  throw new ApiError(400, 'invalid_parameter', `${param}: there is no work ${unknown}.`, param);
}

export const searchLeverRoutes = ({ getDb }: Dependencies) => {
  const staffOnly = createMiddleware(async (c, next) => {
    if (!(await isStaff(sessionCookie(c), getDb))) throw new ApiError(403, 'forbidden', "Only staff may see and change the search's synonyms and rules.");
    await next();
  });
  const body = jsonObject(MAX_BODY_BYTES, '{ "query": "cat", "pins": [{ "slug": "…", "position": 1 }] }');
  return new Hono()
    .get(SYNONYMS_PATH, staffOnly, async (c) => c.json({ synonyms: await getSynonyms(await getDb()) }, 200, PRIVATE))
    .put(SYNONYMS_PATH, staffOnly, jsonObject(MAX_BODY_BYTES, '{ "synonyms": { "kitty": ["cat"] } }'), json(synonymsSchema), async (c) => {
      const synonyms = normaliseSynonyms(c.req.valid('json').synonyms);
      const db = await getDb();
      await replaceSynonyms(db, synonyms);
      return c.json({ synonyms: await getSynonyms(db) }, 200, PRIVATE);
    })
    .get(RULES_PATH, staffOnly, async (c) => c.json({ rules: await getSearchRules(await getDb()) }, 200, PRIVATE))
    .post(RULES_PATH, staffOnly, body, json(newRuleSchema), async (c) => {
      const rule = c.req.valid('json');
      checkRule(rule);
      const db = await getDb();
      await checkWorks(db, rule);
      return c.json({ rule: await addSearchRule(db, rule, new Date().toISOString()) }, 201, PRIVATE);
    })
    .patch(RULES_PATH, staffOnly, query(idQuerySchema), body, json(ruleChangeSchema), async (c) => {
      const { id } = c.req.valid('query');
      const change = c.req.valid('json');
      const db = await getDb();
      await checkWorks(db, { pins: change.pins ?? [], hides: change.hides ?? [] });
      const rule = await updateSearchRule(db, id, change, new Date().toISOString(), checkRule);
      if (!rule) throw new ApiError(404, 'not_found', `There is no rule ${id}.`, 'id');
      return c.json({ rule }, 200, PRIVATE);
    })
    .delete(RULES_PATH, staffOnly, query(idQuerySchema), async (c) => {
      const { id } = c.req.valid('query');
      const db = await getDb();
      if (!(await deleteSearchRule(db, id))) throw new ApiError(404, 'not_found', `There is no rule ${id}.`, 'id');
      return c.json({ rules: await getSearchRules(db) }, 200, PRIVATE);
    });
};
