import type { Meilisearch } from 'meilisearch';
import type { Db } from '@easel/data/db';
import {
  getLeverState, getSearchLevers, getSearchLeversGeneration, recordLeversApplied, type SearchRule
} from '@easel/data/queries/search-levers';
import { DEFAULT_SEARCH_ENGINE } from '@easel/data/queries/search-source';
import { succeeded } from './rebuild';
import { rulesIndexUid, type RuleDocument } from './rules-index';

/**
 * The levers staff pull on search, carried from the database to each engine: synonyms as the
 * live index's own setting (the engine applies them as it searches, nothing is re-indexed), and
 * the rules as the documents of an index beside it, which the search service reads and applies.
 */

/** A stored rule -> its engine document. */
export function toRuleDocument(rule: SearchRule): RuleDocument {
  const ms = (at: string | null) => (at === null ? null : Date.parse(at));
  return {
    id: rule.id, query: rule.query, category: rule.category, pins: rule.pins, hides: rule.hides, banner: rule.banner,
    starts_ms: ms(rule.starts_at), ends_ms: ms(rule.ends_at), version: rule.updated_at,
  };
}

/**
 * Brings one engine's levers up to date when they changed since it last took them (or a rebuild
 * swapped a new index in since): the synonyms of its live index, then the rules index's
 * documents. A quiet pass is two small database reads. Answers whether it carried anything.
 */
export async function syncLevers({ db, meili, indexUid, engine = DEFAULT_SEARCH_ENGINE }: {
  db: Db;
  meili: Meilisearch;
  indexUid: string;
  engine?: string;
}): Promise<boolean> {
  const at = { engine, index_uid: indexUid };
  const [seen, generation] = await Promise.all([getLeverState(db, at), getSearchLeversGeneration(db)]);
  if (seen !== null && seen.applied_generation >= generation) return false;
  const levers = await getSearchLevers(db);
  await succeeded(meili.index(indexUid).updateSynonyms(levers.synonyms));
  await replaceRules(meili, rulesIndexUid(indexUid), levers.rules.map(toRuleDocument));
  await recordLeversApplied(db, at, seen, levers.generation);
  return true;
}

/** Writes every rule afresh, then deletes those no longer there: a reader sees each rule either as it was or as it is. */
async function replaceRules(meili: Meilisearch, uid: string, rules: RuleDocument[]): Promise<void> {
  const index = meili.index<RuleDocument>(uid);
  if (rules.length > 0) await succeeded(index.addDocuments(rules, { primaryKey: 'id' }));
  const kept = new Set(rules.map((rule) => rule.id));
  let held: number[] = [];
  try {
    held = (await index.getDocuments({ fields: ['id'], limit: 10_000 })).results.map((doc) => doc.id);
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'index_not_found') throw error;
  }
  const gone = held.filter((id) => !kept.has(id));
  if (gone.length > 0) await succeeded(index.deleteDocuments(gone));
}
