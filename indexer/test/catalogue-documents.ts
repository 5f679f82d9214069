import type { Meilisearch } from 'meilisearch';
import { getIndexableArtworks, getRateMatrix, type Db } from '@easel/data';
import { isSearchable, toSearchDocument, type SearchDocument } from '../src';

/** Every document the catalogue should have in search now, by id: what a full rebuild would write. */
export async function catalogueDocuments(db: Db): Promise<Map<number, SearchDocument>> {
  const rates = await getRateMatrix(db);
  const documents = new Map<number, SearchDocument>();
  for (let afterId = 0; ;) {
    const page = await getIndexableArtworks(db, { afterId, limit: 500 });
    if (page.length === 0) return documents;
    for (const artwork of page.filter(isSearchable)) documents.set(artwork.id, toSearchDocument(artwork, rates));
    afterId = page[page.length - 1]!.id;
  }
}

/** Every document the index holds, by id. */
export async function indexDocuments(meili: Meilisearch, indexUid: string): Promise<Map<number, SearchDocument>> {
  const documents = new Map<number, SearchDocument>();
  for (let offset = 0; ; offset += 1000) {
    const { results } = await meili.index<SearchDocument>(indexUid).getDocuments({ offset, limit: 1000 });
    for (const document of results) documents.set(document.id, document);
    if (results.length < 1000) return documents;
  }
}
