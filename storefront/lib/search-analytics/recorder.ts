import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '@easel/data/db';
import {
  getVisitorSalt, pruneSearchRecords, settleSearchTops, storeSearchActivity, type NewSearchOutcome, type NewSearchRecord, type SearchOutcomeKind, type SearchSource,
} from '@easel/data/queries/search-records';
import { recordedDefinition } from './definition';
import { WriteAheadLog } from './write-ahead';

/**
 * The search recorder (docs/SEARCH-ANALYTICS.md): each search answered and each outcome that
 * names a search becomes one line of the process's write-ahead file as it happens, and the
 * lines reach the database in batches every DRAIN_INTERVAL_MS (or sooner past DRAIN_AT lines),
 * off the request path. A line holds no address, email or session: only the visitor's
 * pseudonymous id of the day.
 */
export const DRAIN_INTERVAL_MS = 500;
const DRAIN_AT = 2000;
/** How long searches and their outcomes are kept before only their daily roll-ups remain. */
export const RECORDS_KEPT_DAYS = 90;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** A day's leading searches are kept once it has been over this long: its records have all arrived. */
const SETTLE_AFTER_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A search as the storefront answered it. */
export interface AnsweredSearch {
  searchId: string;
  source: SearchSource;
  /** The query string the search was asked with: 'q=cat&colours=red&page=2'. */
  queryString: string;
  resultCount: number;
  latencyMs: number;
  visitor: string | null;
}

/** Something that followed a search, as the page reported it. */
export interface ReportedOutcome {
  searchId: string;
  kind: SearchOutcomeKind;
  slug: string;
  position: number | null;
}

/** Who searched, as the request tells: the session cookie, else the address and browser. Never stored. */
export interface VisitorTraits {
  session: string | undefined;
  address: string;
  userAgent: string;
}

type Line =
  | { k: 's'; id: string; at: string; src: SearchSource; qs: string; n: number; ms: number; v: string | null }
  | { k: 'o'; id: string; s: string; kind: SearchOutcomeKind; slug: string; pos: number | null; at: string };

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** A new search id: 32 hex digits, as Algolia's queryID. */
export function newSearchId(): string {
  return randomBytes(16).toString('hex');
}

export class SearchRecorder {
  private readonly log: WriteAheadLog;
  private readonly salts = new Map<string, string>();
  private timer: NodeJS.Timeout | undefined;
  private lastPrune = 0;

  constructor(private readonly options: { dir: string; getDb: () => Promise<Db>; now?: () => number }) {
    this.log = new WriteAheadLog(options.dir);
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** Drains every DRAIN_INTERVAL_MS from now on, starting with whatever an earlier process left. */
  start(): void {
    if (this.timer) return;
    const tick = () => {
      this.timer = setTimeout(() => void this.drain().finally(tick), DRAIN_INTERVAL_MS).unref();
    };
    void this.drain().finally(tick);
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /**
   * The visitor's pseudonymous id for today: an HMAC of their traits under the day's salt,
   * which every replica shares and which is deleted once the day is over, so ids change daily
   * and cannot be traced back. Null until the day's salt has been read (the first moments of a
   * process, or of a day).
   */
  visitorOf(traits: VisitorTraits): string | null {
    const salt = this.salts.get(dayOf(this.now()));
    if (!salt) return null;
    const identity = traits.session ? `s:${traits.session}` : `a:${traits.address}\n${traits.userAgent}`;
    return createHmac('sha256', salt).update(identity).digest('base64url').slice(0, 22);
  }

  recordSearch(search: AnsweredSearch): void {
    this.append({
      k: 's', id: search.searchId, at: new Date(this.now()).toISOString(), src: search.source, qs: search.queryString,
      n: search.resultCount, ms: Math.round(search.latencyMs * 100) / 100, v: search.visitor,
    });
  }

  recordOutcomes(outcomes: readonly ReportedOutcome[]): void {
    const at = new Date(this.now()).toISOString();
    for (const o of outcomes) this.append({ k: 'o', id: randomBytes(12).toString('hex'), s: o.searchId, kind: o.kind, slug: o.slug, pos: o.position, at });
  }

  private append(line: Line): void {
    this.log.append(JSON.stringify(line));
    if (this.log.pending >= DRAIN_AT) void this.drain();
  }

  /** Stores everything written so far (and files earlier processes left); resolves to the lines stored. */
  async drain(): Promise<number> {
    let db: Db;
    try {
      db = await this.options.getDb();
      await this.keepSalts(db);
    } catch (error) {
      console.error('search analytics: the database is unavailable; records wait in their file:', error instanceof Error ? error.message : error);
      return 0;
    }
    const stored = await this.log.drain((lines) => storeSearchActivity(db, toBatch(lines)));
    await this.prune(db);
    return stored;
  }

  /** Seals the open file, for a stop: whatever it holds is stored by the next drain in the folder. */
  seal(): void {
    this.log.seal();
  }

  /** Today's and tomorrow's salts, so midnight needs no wait. */
  private async keepSalts(db: Db): Promise<void> {
    const now = this.now();
    for (const day of [dayOf(now), dayOf(now + DAY_MS)]) {
      if (!this.salts.has(day)) this.salts.set(day, await getVisitorSalt(db, day, randomBytes(32).toString('base64url')));
    }
    for (const day of this.salts.keys()) if (day < dayOf(now)) this.salts.delete(day);
  }

  private async prune(db: Db): Promise<void> {
    const now = this.now();
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    try {
      await pruneSearchRecords(db, dayOf(now - RECORDS_KEPT_DAYS * DAY_MS), dayOf(now));
      await settleSearchTops(db, dayOf(now - SETTLE_AFTER_MS));
    } catch (error) {
      console.error('search analytics: could not forget old records or settle past days:', error instanceof Error ? error.message : error);
    }
  }
}

/** The write-ahead file's lines -> a batch to store; a line cut short by a crash is skipped. */
export function toBatch(lines: readonly string[]): { records: NewSearchRecord[]; outcomes: NewSearchOutcome[] } {
  const records: NewSearchRecord[] = [];
  const outcomes: NewSearchOutcome[] = [];
  for (const text of lines) {
    let line: Line;
    try {
      line = JSON.parse(text) as Line;
    } catch {
      continue;
    }
    if (line.k === 'o') {
      outcomes.push({ outcome_id: line.id, search_id: line.s, kind: line.kind, slug: line.slug, position: line.pos, created_at: line.at });
      continue;
    }
    const recorded = recordedDefinition(line.qs);
    if (!recorded) continue;
    records.push({
      search_id: line.id, created_at: line.at, source: line.src, query: recorded.query, definition: recorded.definition, filters: recorded.filters,
      result_count: line.n, page: recorded.page, latency_ms: line.ms, visitor: line.v,
    });
  }
  return { records, outcomes };
}
