import { parseGalleryParams, type GallerySearchDefinition } from '@easel/search-service/contract';

/** A query string's search definition, for tests: 'colours=red&page=2' -> { colours: ['red'], page: 2, … }; throws on a bad one. */
export function definitionOf(qs: string): GallerySearchDefinition {
  const query: Record<string, string[]> = {};
  for (const [k, v] of new URLSearchParams(qs)) (query[k] ??= []).push(v);
  const parsed = parseGalleryParams(query);
  if (!parsed.ok) throw new Error(`${parsed.issue.param} ${parsed.issue.message}`);
  return parsed.definition;
}
