import type { Db } from '@easel/data/db';
import { inReadSnapshot } from '@easel/data/db';
import {
  findAlertsByKeys, getAlertCursor, getAlertQueries, getAlertWorks, mailDueDigests, recordAlertPass, startAlertMatcher, type Match,
} from '@easel/data/queries/alerts';
import {
  getCatalogueChanges, getIndexableArtworks, getIndexableArtworksByIds, getLastChangeId, getRateMatrix, getSearchIndexState,
} from '@easel/data/queries/search-source';
import type { SearchEngine } from '@easel/indexer';
import { isSearchable, toSearchDocument } from '@easel/indexer/documents';
import { compileDefinition, documentKeys, filterableFields, type CompiledDefinition, type FilterableDocument } from '@easel/search-service/alert-match';
import { oneOf } from '@easel/search-service/meili-request';
import { parseAlertQuery } from './definition';
import { alertMail } from './mail';

/**
 * The alert matcher (docs/ALERTS.md): the indexer's leader runs it beside the index sync. Each
 * pass reads the catalogue changes after its own cursor that the engine already holds, and for
 * each changed work asks only the alerts filed under one of its values (the reverse index) whose
 * filters read something the change moved, keeping those the work now matches and did not before
 * (its filters judged on the work as the matcher last saw it). Alerts with words ask the engine
 * which of their works the words find, one search per distinct words. The matches, their mail
 * and the cursor are written in one transaction, so a restart neither loses nor repeats one.
 */

/** Changes read per pass; a backlog drains over several. */
const CHANGES_PER_PASS = 1000;
/** Works the first start reads at a time. */
const START_PAGE = 1000;
/** How often the daily digests due are looked for. */
const DIGEST_CHECK_MS = 60_000;
/** Queries per multi-search when the engine judges words. */
const WORD_QUERIES_PER_REQUEST = 25;

export interface AlertMatcherOptions {
  db: Db;
  /** The engine whose index words are judged in, and whose progress bounds the matcher's. */
  engine: SearchEngine;
  indexUid: string;
  /** The address mailed links begin with. */
  siteUrl: string;
}

/** What one pass did: the changes it read and the matches it recorded. */
export interface AlertPass {
  changes: number;
  matches: number;
}

/**
 * An alert's definition and its filters read once, by alert id (a saved search never changes),
 * so a busy alert is parsed once. `judged` is the last work it was judged on, so an alert filed
 * under two of a work's values is judged once.
 */
interface Known extends CompiledDefinition { id: number; words: string | undefined; judged: number }
const definitions = new Map<number, Known | null>();
const MAX_DEFINITIONS = 1_100_000;
let judging = 0;

/** Reads the definitions of the alerts among `ids` not read before. */
async function readDefinitions(db: Db, ids: number[]): Promise<void> {
  const unread = ids.filter((id) => !definitions.has(id));
  if (definitions.size + unread.length > MAX_DEFINITIONS) definitions.clear();
  for (const [id, query] of await getAlertQueries(db, definitions.size === 0 ? ids : unread)) {
    const parsed = parseAlertQuery(query);
    definitions.set(id, parsed.ok ? { id, words: parsed.definition.q, judged: 0, ...compileDefinition(parsed.definition) } : null);
  }
}

/** The attributes whose values differ between what the matcher saw of a work and what it sees now. */
function movedAttributes(before: FilterableDocument, after: FilterableDocument): Set<string> {
  const was = before as Record<string, unknown>;
  const is = after as Record<string, unknown>;
  const moved = new Set<string>();
  for (const attribute of new Set([...Object.keys(was), ...Object.keys(is)])) {
    if (JSON.stringify(was[attribute]) !== JSON.stringify(is[attribute])) moved.add(attribute);
  }
  return moved;
}

/** The first start: every work on sale as it is now, and the cursor at the change that state follows. */
async function start(db: Db): Promise<void> {
  const { lastChangeId, works } = await inReadSnapshot(db, async (snapshot) => {
    const lastChangeId = await getLastChangeId(snapshot);
    const rates = await getRateMatrix(snapshot);
    const works: { artwork_id: number; document: string }[] = [];
    for (let afterId = 0; ;) {
      const page = await getIndexableArtworks(snapshot, { afterId, limit: START_PAGE });
      if (page.length === 0) break;
      for (const a of page) if (isSearchable(a)) works.push({ artwork_id: a.id, document: JSON.stringify(filterableFields(toSearchDocument(a, rates))) });
      afterId = page[page.length - 1]!.id;
    }
    return { lastChangeId, works };
  });
  await startAlertMatcher(db, lastChangeId, works);
}

/** One pass: the changes the engine holds after the matcher's cursor, at most CHANGES_PER_PASS. */
export async function matchAlerts({ db, engine, indexUid, siteUrl }: AlertMatcherOptions): Promise<AlertPass> {
  const cursor = await getAlertCursor(db);
  if (cursor === undefined) {
    await start(db);
    return { changes: 0, matches: 0 };
  }
  const state = await getSearchIndexState(db, indexUid, engine.name);
  if (!state || state.last_change_id <= cursor) return { changes: 0, matches: 0 };
  const changes = (await getCatalogueChanges(db, cursor, CHANGES_PER_PASS)).filter((c) => c.id <= state.last_change_id);
  if (changes.length === 0) return { changes: 0, matches: 0 };
  const ids = [...new Set(changes.map((c) => c.artwork_id))];
  const [artworks, rates, stored] = await Promise.all([getIndexableArtworksByIds(db, ids), getRateMatrix(db), getAlertWorks(db, ids)]);

  const now = new Map<number, Record<string, unknown>>();
  for (const a of artworks) if (isSearchable(a)) now.set(a.id, filterableFields(toSearchDocument(a, rates)));
  const works = new Map<number, string | null>();
  const changed: { id: number; before: FilterableDocument | undefined; after: Record<string, unknown> }[] = [];
  for (const id of ids) {
    const after = now.get(id);
    const json = after ? JSON.stringify(after) : null;
    const before = stored.get(id);
    if (json === (before ?? null)) continue;
    works.set(id, json);
    if (after) changed.push({ id, before: before === undefined ? undefined : (JSON.parse(before) as FilterableDocument), after });
  }

  const keysOf = new Map(changed.map((w) => [w.id, documentKeys(w.after)]));
  const byKey = await findAlertsByKeys(db, [...new Set([...keysOf.values()].flat())]);
  await readDefinitions(db, [...new Set([...byKey.values()].flat())]);
  const filed = new Map([...byKey].map(([key, ids]) => [key, ids.flatMap((id) => definitions.get(id) ?? [])]));
  const found: Match[] = [];
  const byWords = new Map<string, WordCheck>();
  for (const work of changed) {
    // A work seen before, on sale, matched before every alert that reads none of what moved.
    const moved = work.before && movedAttributes(work.before, work.after);
    const stamp = ++judging;
    for (const key of keysOf.get(work.id)!) {
      for (const alert of filed.get(key) ?? []) {
        if (alert.judged === stamp) continue;
        alert.judged = stamp;
        if (moved && !alert.reads.some((attribute) => moved.has(attribute))) continue;
        if (!alert.matches(work.after) || (work.before && alert.matches(work.before))) continue;
        if (alert.words === undefined) found.push({ alert_id: alert.id, artwork_id: work.id });
        else {
          const check = byWords.get(alert.words) ?? { slugs: new Set(), wanted: [] };
          check.slugs.add(String(work.after.slug));
          check.wanted.push({ alert_id: alert.id, artwork_id: work.id });
          byWords.set(alert.words, check);
        }
      }
    }
  }
  found.push(...(await matchWords(engine, indexUid, byWords)));

  const recorded = await recordAlertPass(db, {
    from: cursor, to: changes[changes.length - 1]!.id, matches: found, works, now: new Date().toISOString(), mailFor: alertMail(siteUrl),
  });
  return { changes: recorded ? changes.length : 0, matches: recorded ? found.length : 0 };
}

/** The works whose filters some alerts with the same words matched, and those alerts' matches should the words find the work. */
interface WordCheck { slugs: Set<string>; wanted: Match[] }

/**
 * The engine's own judgement of words, so typo tolerance and the searched fields are the
 * gallery's: one search per distinct words, narrowed to the works that alerts with those words
 * matched by their filters. Whether the engine finds a work by words does not depend on the
 * filters beside them, so alerts sharing words share one search.
 */
async function matchWords(engine: SearchEngine, indexUid: string, byWords: Map<string, WordCheck>): Promise<Match[]> {
  const entries = [...byWords];
  const found: Match[] = [];
  for (let i = 0; i < entries.length; i += WORD_QUERIES_PER_REQUEST) {
    const batch = entries.slice(i, i + WORD_QUERIES_PER_REQUEST);
    const { results } = await engine.meili.multiSearch({
      queries: batch.map(([q, { slugs }]) => ({
        indexUid,
        q,
        filter: [oneOf('slug', [...slugs])],
        attributesToRetrieve: ['id'],
        limit: slugs.size,
      })),
    });
    results.forEach((result, j) => {
      const hits = new Set(result.hits.map((hit) => Number(hit.id)));
      for (const match of batch[j]![1].wanted) if (hits.has(match.artwork_id)) found.push(match);
    });
  }
  return found;
}

/**
 * The leader's alert work as one function for `followCatalogue({ alongside })`: a matcher pass,
 * and once a minute the daily digests due.
 */
export function alertFollower(options: AlertMatcherOptions): () => Promise<void> {
  let digestsCheckedAt = 0;
  return async () => {
    await matchAlerts(options);
    if (Date.now() - digestsCheckedAt >= DIGEST_CHECK_MS) {
      digestsCheckedAt = Date.now();
      await mailDueDigests(options.db, new Date(), alertMail(options.siteUrl));
    }
  };
}
