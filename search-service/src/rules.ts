import type { RuleDocument } from '@easel/indexer/rules-index';
import type { SearchRuleBanner, SearchRulePin } from '@easel/data/queries/search-levers';
import { categoryAddress, type GallerySearchDefinition } from './contract';
import { normaliseSearchWords } from '@easel/shared/search-words';

/** What the rules matching a search do to it: works pinned at places, works hidden, a banner. */
export interface SearchLevers {
  /** Rule pins in the order the rules give them; a slug once, never a hidden one. */
  pins: SearchRulePin[];
  hides: string[];
  banner: SearchRuleBanner | null;
  /** The matching rules and their versions ('' for none): part of a cached answer's key, so an edited rule is never answered from an old answer. */
  key: string;
}

export const NO_LEVERS: SearchLevers = { pins: [], hides: [], banner: null, key: '' };

/** Whether a rule is in force at `nowMs`: from its start (inclusive) to its end (exclusive). */
const inForce = (rule: RuleDocument, nowMs: number) => (rule.starts_ms === null || rule.starts_ms <= nowMs) && (rule.ends_ms === null || nowMs < rule.ends_ms);

/**
 * The rules in force that match a gallery search, merged (pure): a rule names the search's words
 * (normalised: 'Cat ' is 'cat'), a category address ('painting', 'painting/oil': the search's
 * category section is exactly that), or both, and matches when all it names does, whatever other
 * filters the search has. Hidden works of every matching rule are hidden; pins are taken in rule
 * order, a slug once; the first banner shows. An artist page's works are not ruled.
 * ({ q: 'Cat' }, [{ query: 'cat', pins: [{ slug: 'a', position: 3 }] }]) -> { pins: [{ slug: 'a', position: 3 }], … }.
 */
export function matchRules(def: GallerySearchDefinition, rules: readonly RuleDocument[], nowMs: number): SearchLevers {
  if (def.artist || rules.length === 0) return NO_LEVERS;
  const words = normaliseSearchWords(def.q ?? '');
  const address = categoryAddress(def);
  const matching = rules.filter((rule) =>
    (rule.query !== null || rule.category !== null)
    && (rule.query === null || rule.query === words)
    && (rule.category === null || rule.category === address)
    && inForce(rule, nowMs));
  if (matching.length === 0) return NO_LEVERS;
  const hides = [...new Set(matching.flatMap((rule) => rule.hides))];
  const pinned = new Set(hides);
  const pins: SearchRulePin[] = [];
  for (const pin of matching.flatMap((rule) => rule.pins)) {
    if (pinned.has(pin.slug)) continue;
    pinned.add(pin.slug);
    pins.push(pin);
  }
  return {
    pins,
    hides,
    banner: matching.find((rule) => rule.banner !== null)?.banner ?? null,
    key: matching.map((rule) => `${rule.id}@${rule.version}`).join(','),
  };
}

/**
 * The rules as the engine holds them (the indexer writes them: indexer/src/levers.ts), kept in
 * memory and never waited for: the rules index's version (null while it does not exist) is looked
 * up at most once per `checkEveryMs`, off the request path, and the rules read again when it
 * moved. A search never waits on it, so admission control alone decides what reaches a busy engine.
 */
export class RuleBook {
  private rules: readonly RuleDocument[] = [];
  private version: string | null | undefined;
  private lastCheck = -Infinity;
  private reading: Promise<void> | undefined;

  constructor(
    private readonly source: { getVersion: () => Promise<string | null>; read: () => Promise<RuleDocument[]> },
    private readonly checkEveryMs = 250,
  ) {}

  /** The rules as last read; undefined until the engine first answered. */
  current(): readonly RuleDocument[] | undefined {
    if (!this.reading && Date.now() - this.lastCheck >= this.checkEveryMs) {
      this.lastCheck = Date.now();
      this.reading = this.refresh()
        .catch(() => {
          // Engine unreachable: searches say so themselves; the rules held stay until it answers.
        })
        .finally(() => {
          this.reading = undefined;
        });
    }
    return this.version === undefined ? undefined : this.rules;
  }

  /** Waits for the read under way, if any: for tests and start-up. */
  async settled(): Promise<void> {
    await this.reading;
  }

  private async refresh(): Promise<void> {
    const version = await this.source.getVersion();
    if (version === this.version) return;
    // Read after the version: a change between the two is read now and again at the next look.
    this.rules = version === null ? [] : await this.source.read();
    this.version = version;
  }
}

/** What a search is answered with before the rules were first read: none, kept apart in the cache. */
export const UNREAD_LEVERS: SearchLevers = { ...NO_LEVERS, key: 'unread' };
