import type { Kysely, Selectable } from 'kysely';
import { inReadSnapshot, inTransaction, type Db } from '../db';
import type { Database, SearchRulesTable } from '../schema';
import { bumpCacheGeneration, getCacheGeneration } from './cache-generations';

/**
 * The levers staff pull on search (migration 0028): synonyms and rules. Every write moves the
 * levers' generation on in its own transaction, so the indexer knows to carry them to each engine.
 */

/** A word or phrase -> the words a search for it also finds: { kitty: ['cat'] }. */
export type Synonyms = Record<string, string[]>;

export interface SearchRulePin {
  slug: string;
  /** 1-based place in the whole result list. */
  position: number;
}

export interface SearchRuleBanner {
  title: string;
  /** A page of this site: '/shop/?q=cat&subject=animals'. */
  url: string;
}

/** What a rule does and when; it applies to one search's words (`query`) or one category address (`category`). */
export interface SearchRuleFields {
  query: string | null;
  category: string | null;
  pins: SearchRulePin[];
  hides: string[];
  banner: SearchRuleBanner | null;
  /** ISO 8601; null: from now on, or without end. */
  starts_at: string | null;
  ends_at: string | null;
}

export interface SearchRule extends SearchRuleFields {
  id: number;
  updated_at: string;
}

/** Every synonym, by word in alphabetical order. */
export async function getSynonyms(db: Kysely<Database>): Promise<Synonyms> {
  const rows = await db.selectFrom('search_synonyms').select(['word', 'synonyms']).orderBy('word').execute();
  return Object.fromEntries(rows.map((row) => [row.word, JSON.parse(row.synonyms) as string[]]));
}

/** Replaces every synonym at once; an empty record removes them all. */
export async function replaceSynonyms(db: Db, synonyms: Synonyms): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('search_synonyms').execute();
    const rows = Object.entries(synonyms).map(([word, words]) => ({ word, synonyms: JSON.stringify(words) }));
    if (rows.length > 0) await trx.insertInto('search_synonyms').values(rows).execute();
    await bumpCacheGeneration(trx, 'search-levers');
  });
}

const toRule = (row: Selectable<SearchRulesTable>): SearchRule => ({
  id: row.id,
  query: row.query,
  category: row.category,
  pins: JSON.parse(row.pins) as SearchRulePin[],
  hides: JSON.parse(row.hides) as string[],
  banner: row.banner_title !== null && row.banner_url !== null ? { title: row.banner_title, url: row.banner_url } : null,
  starts_at: row.starts_at,
  ends_at: row.ends_at,
  updated_at: row.updated_at,
});

const toRow = (rule: SearchRuleFields, now: string) => ({
  query: rule.query,
  category: rule.category,
  pins: JSON.stringify(rule.pins),
  hides: JSON.stringify(rule.hides),
  banner_title: rule.banner?.title ?? null,
  banner_url: rule.banner?.url ?? null,
  starts_at: rule.starts_at,
  ends_at: rule.ends_at,
  updated_at: now,
});

/** Every rule, oldest first. */
export async function getSearchRules(db: Kysely<Database>): Promise<SearchRule[]> {
  return (await db.selectFrom('search_rules').selectAll().orderBy('id').execute()).map(toRule);
}

export async function getSearchRule(db: Db, id: number): Promise<SearchRule | null> {
  const row = await db.selectFrom('search_rules').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRule(row) : null;
}

export async function addSearchRule(db: Db, rule: SearchRuleFields, now: string): Promise<SearchRule> {
  return inTransaction(db, async (trx) => {
    const row = await trx.insertInto('search_rules').values(toRow(rule, now)).returningAll().executeTakeFirstOrThrow();
    await bumpCacheGeneration(trx, 'search-levers');
    return toRule(row);
  });
}

/** Changes some of a rule's fields; null when there is no such rule. `check` sees the rule as it would be, and may throw to refuse it. */
export async function updateSearchRule(
  db: Db,
  id: number,
  change: Partial<SearchRuleFields>,
  now: string,
  check: (rule: SearchRuleFields) => void = () => {},
): Promise<SearchRule | null> {
  return inTransaction(db, async (trx) => {
    const row = await trx.selectFrom('search_rules').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    const { id: _id, updated_at: _at, ...current } = toRule(row);
    const next = { ...current, ...change };
    check(next);
    const updated = await trx.updateTable('search_rules').set(toRow(next, now)).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    await bumpCacheGeneration(trx, 'search-levers');
    return toRule(updated);
  });
}

/** Whether there was such a rule to delete. */
export async function deleteSearchRule(db: Db, id: number): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const { numDeletedRows } = await trx.deleteFrom('search_rules').where('id', '=', id).executeTakeFirst();
    if (numDeletedRows === 0n) return false;
    await bumpCacheGeneration(trx, 'search-levers');
    return true;
  });
}

/** The levers as one snapshot, with their generation: what the indexer carries to an engine. */
export async function getSearchLevers(db: Db): Promise<{ generation: number; synonyms: Synonyms; rules: SearchRule[] }> {
  return inReadSnapshot(db, async (snapshot) => ({
    generation: await getCacheGeneration(snapshot as Db, 'search-levers'),
    synonyms: await getSynonyms(snapshot),
    rules: await getSearchRules(snapshot),
  }));
}

/** The levers' generation now: 0 before any change. */
export const getSearchLeversGeneration = (db: Db) => getCacheGeneration(db, 'search-levers');

export interface LeverState {
  applied_generation: number;
  resets: number;
}

type EngineIndex = { engine: string; index_uid: string };

/** What the engine's index carries of the levers; null when nothing is recorded. */
export async function getLeverState(db: Db, at: EngineIndex): Promise<LeverState | null> {
  return (await db.selectFrom('search_lever_state').select(['applied_generation', 'resets'])
    .where('engine', '=', at.engine).where('index_uid', '=', at.index_uid).executeTakeFirst()) ?? null;
}

/**
 * Records that the engine's index carries `generation`, unless a rebuild was swapped in since
 * `seen` was read (then the next pass carries the levers again, to the new index).
 */
export async function recordLeversApplied(db: Db, at: EngineIndex, seen: LeverState | null, generation: number): Promise<void> {
  if (seen === null) {
    await db.insertInto('search_lever_state').values({ ...at, applied_generation: generation, resets: 0 })
      .onConflict((oc) => oc.columns(['engine', 'index_uid']).doNothing()).execute();
    return;
  }
  await db.updateTable('search_lever_state').set({ applied_generation: generation })
    .where('engine', '=', at.engine).where('index_uid', '=', at.index_uid).where('resets', '=', seen.resets).execute();
}

/**
 * A rebuild swapped a new index in, built with the synonyms of its start: the next pass carries
 * every lever to it again (the rules index too, which a fresh engine lacks), and a pass that began
 * before the swap is not recorded.
 */
export async function recordLeversReset(db: Db, at: EngineIndex): Promise<void> {
  await db.insertInto('search_lever_state').values({ ...at, applied_generation: -1, resets: 1 })
    .onConflict((oc) => oc.columns(['engine', 'index_uid']).doUpdateSet((eb) => ({
      applied_generation: -1, resets: eb('search_lever_state.resets', '+', 1),
    }))).execute();
}

/** The slugs of `slugs` that name no work of the catalogue: ['blue-sea', 'no-such'] -> ['no-such']. */
export async function unknownSlugs(db: Db, slugs: readonly string[]): Promise<string[]> {
  if (slugs.length === 0) return [];
  const known = new Set((await db.selectFrom('artworks').select('slug').where('slug', 'in', [...new Set(slugs)]).execute()).map((row) => row.slug));
  return slugs.filter((slug) => !known.has(slug));
}
