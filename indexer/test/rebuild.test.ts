import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { getCatalogueFingerprint, getSearchIndexState, openDatabase, saveSearchIndexState, seedCatalogue, type Db } from '@easel/data';
import { COUNTED_ATTRIBUTES, COUNTED_VALUES } from '@easel/shared/search-attributes';
import { FACET_TAGS, INDEX_SETTINGS, checkIndexStaleness, facetValue, meiliClient, rebuildIndex } from '../src';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'easel-indexer-'));
const meili = meiliClient(inject('meili'));
const indexUid = `test_rebuild_${randomUUID().slice(0, 8)}`;
let db: Db;
let available: number;

beforeAll(async () => {
  db = await openDatabase(path.join(dir, 'catalogue.db'));
  await seedCatalogue(db, { seed: 11, artworks: 2_000 });
  const row = await db.selectFrom('artworks').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'available').executeTakeFirstOrThrow();
  available = Number(row.n);
});

afterAll(async () => {
  await meili.deleteIndexIfExists(indexUid);
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('rebuildIndex', () => {
  it('indexes every available artwork and nothing else', async () => {
    expect(await checkIndexStaleness(db, meili, indexUid)).toMatchObject({ stale: true });
    const result = await rebuildIndex({ db, meili, indexUid });
    expect(result.documents).toBe(available);
    const stats = await meili.index(indexUid).getStats();
    expect(stats.numberOfDocuments).toBe(available);
    const sold = await db.selectFrom('artworks').select('id').where('status', '!=', 'available').limit(20).execute();
    const { results } = await meili.index(indexUid).getDocuments({ ids: sold.map((s) => s.id) } as never);
    expect(results).toEqual([]);
    expect(await checkIndexStaleness(db, meili, indexUid)).toEqual({ stale: false });
    expect((await getSearchIndexState(db, indexUid))?.documents).toBe(available);
    // Where the engine spent it, from its own trace: the steps every document passes through, largest first.
    expect(Object.keys(result.engineSteps)).toEqual(expect.arrayContaining(['extracting facets', 'extracting words', 'extracting documents']));
    const seconds = Object.values(result.engineSteps);
    expect(seconds.every((s) => s >= 0)).toBe(true);
    expect(seconds).toEqual([...seconds].sort((a, b) => b - a));
    expect(seconds.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(result.durationMs / 1000);
  });

  it('applies the declared settings before loading documents', async () => {
    const settings = await meili.index(indexUid).getSettings();
    expect(settings.searchableAttributes).toEqual(INDEX_SETTINGS.searchableAttributes);
    expect(settings.sortableAttributes?.slice().sort()).toEqual([...INDEX_SETTINGS.sortableAttributes].sort());
    expect(settings.rankingRules).toEqual(INDEX_SETTINGS.rankingRules);
    expect(settings.filterableAttributes).toEqual(INDEX_SETTINGS.filterableAttributes);
    expect(settings.pagination?.maxTotalHits).toBe(INDEX_SETTINGS.pagination.maxTotalHits);
    expect(settings.searchCutoffMs).toBe(INDEX_SETTINGS.searchCutoffMs);
    expect(settings.faceting?.maxValuesPerFacet).toBe(INDEX_SETTINGS.faceting.maxValuesPerFacet);
    expect(settings.facetSearch).toBe(false);
  });

  it('lists every counted value the catalogue holds, each one the vocabulary knows', async () => {
    const { facetDistribution } = await meili.index(indexUid).search('', { limit: 0, facets: ['facet_values', ...COUNTED_ATTRIBUTES] });
    const listed = Object.keys(facetDistribution!.facet_values!);
    const known = new Set(COUNTED_ATTRIBUTES.flatMap((attribute) => COUNTED_VALUES[attribute].map((value) => facetValue(attribute, value))));
    expect(listed.filter((value) => !known.has(value))).toEqual([]);
    expect(listed.length).toBeLessThanOrEqual(INDEX_SETTINGS.faceting.maxValuesPerFacet);
    // Each attribute's own distribution (a flag's counts 'false' too) agrees with the shared one, so none was cut short.
    for (const attribute of COUNTED_ATTRIBUTES) {
      const own = Object.keys(facetDistribution![attribute] ?? {}).filter((value) => COUNTED_VALUES[attribute].includes(value));
      expect(own.length).toBe(listed.filter((value) => value.startsWith(FACET_TAGS[attribute])).length);
    }
  });

  it('swaps a rebuild in while searches keep answering in full', async () => {
    let rebuilt = false;
    type Outcome = { ok: boolean; total: number };
    const during: Outcome[] = [];
    const after: Outcome[] = [];
    // Searches run all through the rebuild and on past the swap, however quickly it goes.
    const searcher = (async () => {
      while (!rebuilt || after.length < 5) {
        const into = rebuilt ? after : during;
        try {
          const res = await meili.index(indexUid).search('', { hitsPerPage: 1, facets: ['category_path'] });
          into.push({ ok: true, total: res.totalHits ?? -1 });
        } catch {
          into.push({ ok: false, total: -1 });
        }
      }
    })();
    const uidsBefore = (await meili.getRawIndexes({ limit: 1000 })).results.map((i) => i.uid);
    await rebuildIndex({ db, meili, indexUid });
    rebuilt = true;
    await searcher;
    const outcomes = [...during, ...after];

    expect(during.length).toBeGreaterThan(0);
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    expect(new Set(outcomes.map((o) => o.total))).toEqual(new Set([available]));
    const indexesAfter = (await meili.getRawIndexes({ limit: 1000 })).results.map((i) => i.uid);
    expect(indexesAfter.filter((uid) => uid.startsWith(`${indexUid}__build_`))).toEqual([]);
    expect(indexesAfter).toContain(indexUid);
    expect(uidsBefore).toContain(indexUid);
  });

  it('swaps to different content whole: every search sees all of the old index or all of the new, never a mix or an empty one', async () => {
    // The new content: a quarter of the works taken off sale.
    const hidden = (await db.selectFrom('artworks').select('id').where('status', '=', 'available').orderBy('id').execute())
      .filter((_, i) => i % 4 === 0).map((w) => w.id);
    await db.updateTable('artworks').set({ status: 'hidden' }).where('id', 'in', hidden).execute();
    const after = available - hidden.length;
    try {
      let rebuilt = false;
      const totals: number[] = [];
      let failures = 0;
      const searcher = (async () => {
        for (let tail = 0; !rebuilt || tail < 5; tail += rebuilt ? 1 : 0) {
          try {
            const res = await meili.index(indexUid).search('', { hitsPerPage: 1, facets: ['category_path'] });
            // The bare categories count every work once: a mixed answer could not sum to either whole.
            const categories = Object.entries(res.facetDistribution?.category_path ?? {}).filter(([v]) => !v.includes(':')).reduce((n, [, c]) => n + c, 0);
            totals.push(res.totalHits === categories ? res.totalHits : -1);
          } catch {
            failures += 1;
          }
        }
      })();
      await rebuildIndex({ db, meili, indexUid });
      rebuilt = true;
      await searcher;

      expect(failures).toBe(0);
      expect(totals.length).toBeGreaterThan(5);
      expect(new Set(totals)).toEqual(new Set(totals[0] === available ? [available, after] : [after]));
      // Once a search has seen the new index, none sees the old one again.
      const firstNew = totals.indexOf(after);
      expect(totals.slice(firstNew).every((t) => t === after)).toBe(true);
    } finally {
      await db.updateTable('artworks').set({ status: 'available' }).where('id', 'in', hidden).execute();
      await rebuildIndex({ db, meili, indexUid });
    }
  });

  it('sees a catalogue change as staleness and a rebuild clears it', async () => {
    const [first] = await db.selectFrom('artworks').select('id').where('status', '=', 'available').limit(1).execute();
    await db.updateTable('artworks').set({ status: 'sold', updated_at: new Date().toISOString() }).where('id', '=', first!.id).execute();
    expect(await checkIndexStaleness(db, meili, indexUid)).toEqual({ stale: true, reason: 'the catalogue or the index definition changed since the last rebuild' });
    const result = await rebuildIndex({ db, meili, indexUid });
    expect(result.documents).toBe(available - 1);
    expect(await checkIndexStaleness(db, meili, indexUid)).toEqual({ stale: false });
  });

  it('indexes every work when it must wait for the engine to index each page before sending the next', async () => {
    const result = await rebuildIndex({ db, meili, indexUid, maxQueuedDocuments: 1 });
    expect(result.documents).toBe(available - 1);
    expect((await meili.index(indexUid).getStats()).numberOfDocuments).toBe(available - 1);
    expect(await checkIndexStaleness(db, meili, indexUid)).toEqual({ stale: false });
  });

  it('counts an index built with other settings or documents as stale', async () => {
    const state = (await getSearchIndexState(db, indexUid))!;
    await saveSearchIndexState(db, { ...state, fingerprint: `${await getCatalogueFingerprint(db)}|0123456789ab` });
    expect(await checkIndexStaleness(db, meili, indexUid)).toMatchObject({ stale: true });
    await saveSearchIndexState(db, state);
    expect(await checkIndexStaleness(db, meili, indexUid)).toEqual({ stale: false });
  });

  it('lets two rebuilds run at once without breaking either, even started in the same millisecond', async () => {
    const now = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    const results = await Promise.all([rebuildIndex({ db, meili, indexUid }), rebuildIndex({ db, meili, indexUid })]).finally(() => now.mockRestore());
    expect(results.map((r) => r.documents)).toEqual([available - 1, available - 1]);
    expect((await meili.index(indexUid).getStats()).numberOfDocuments).toBe(available - 1);
  });

  it('clears a side index left behind by a rebuild that was killed', async () => {
    const abandoned = `${indexUid}__build_1`;
    await meili.createIndex(abandoned).waitTask();
    await rebuildIndex({ db, meili, indexUid });
    const uids = (await meili.getRawIndexes({ limit: 1000 })).results.map((i) => i.uid);
    expect(uids).not.toContain(abandoned);
  });
});
