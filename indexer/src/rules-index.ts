import type { SearchRuleBanner, SearchRulePin } from '@easel/data/queries/search-levers';

/**
 * The rules' index, as the indexer writes it and the search service reads it: no more than its
 * name and its documents, so a search service loads nothing of the database to read them.
 */

/** The index beside the live one that holds the rules: 'artworks' -> 'artworks-rules'. */
export const rulesIndexUid = (indexUid: string) => `${indexUid}-rules`;

/** A rule as its engine holds it: its dates as epoch milliseconds, and `version`, which changes with every edit of the rule. */
export interface RuleDocument {
  id: number;
  query: string | null;
  category: string | null;
  pins: SearchRulePin[];
  hides: string[];
  banner: SearchRuleBanner | null;
  starts_ms: number | null;
  ends_ms: number | null;
  version: string;
}
