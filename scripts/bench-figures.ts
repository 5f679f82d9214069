import type { CpuPerAnswer } from '../search-service/bench/cpu-time';

/** The figures `npm run bench` writes to var/bench/latest.json, and its report draws. */
export interface BenchRun {
  measured_at: string;
  machine: { cpus: number; cpu_model?: string | undefined; memory_gib: number; node: string; os: string };
  options: RunOptions;
  runs: SizeResult[];
}

export interface RunOptions {
  durationS: number;
  rate: number;
  requests: number;
  edits: number;
  listings: number;
  fresh: boolean;
}

/** One line of a size's table against the targets. */
export interface Row {
  measure: string;
  value: string;
  target: string;
  met: '' | 'yes' | 'NO';
}

export interface Latency {
  p50: number;
  p95: number;
  p99: number;
}

export interface Timing {
  p50_ms: number;
  p95_ms: number;
  max_ms: number;
}

/** search-service/bench/bench-search.ts's figures (bench-results/search.json), as far as they are read here. */
export interface SearchResult {
  results: ({ target: string; phase: string; rps: number; errors: number; non2xx: number; endpoints?: Record<string, Latency>; cpu_ms_per_answer?: CpuPerAnswer } & Latency)[];
  capacity: {
    target: string;
    within_budget_rps: number;
    /** Each step's answers' p50 and p95 are missing from runs before they were kept. */
    steps: { offered_rps: number; within_budget_rps: number; refused: number; p50?: number; p95?: number }[];
  }[];
  overload?: { offered_rps: number; admitted: Latency };
}

/** The staff report's API in-process: its latency and the processor time an answer cost, the database's included. */
export interface ApiTiming extends Timing {
  cpu_ms_per_answer?: number;
}

/** storefront/bench/search-records.ts's figures. */
export interface SearchRecordsResult {
  overhead: { recording: { p50: number }; not_recording: { p50: number }; p50_overhead: number };
  loss: { offered_rps: number; answered: number; stored: number; lost: number };
  page: Timing | null;
  /** The API's answer in the bench's process, on the product's SQLite and on PostgreSQL. */
  api?: { sqlite?: ApiTiming; postgres?: ApiTiming };
}

/** scripts/bench-pages.ts's figures per page kind; `rps`, one at a time, is missing from runs before it was kept. */
export type PagesResult = Record<string, { ttfbMs: Latency; rps?: number }>;

/** What bench-pages.ts loads with 8 connections, closed loop: the search service and the storefront's pages. */
/**
 * `gallery`: the long tail as visitors without a session are served it (the page cache on);
 * `gallery_rendered`: the same, each page rendered; `gallery_one_address`: one address, as a
 * spike of visitors opens it.
 */
export type PageLoadKind = 'search_service' | 'gallery' | 'gallery_rendered' | 'gallery_one_address' | 'product' | 'home';

export interface LoadFigures {
  answers: number;
  rps: number;
  p50: number;
  p95: number;
  /** The storefront's processor time an answer, from /proc. */
  storefront_cpu_ms_per_answer?: number;
}

/** bench-results/page-load.json. */
export type PageLoadResult = { connections: number; seconds: number } & Partial<Record<PageLoadKind, LoadFigures>>;

/** One catalogue size, measured whole. */
export interface SizeResult {
  artworks: number;
  /** Works for sale, hence indexed. */
  documents: number;
  /** Null when the catalogue was seeded by an earlier run. */
  seed_s: number | null;
  reindex_s: number;
  /** Where the engine spent the re-index's indexing, in seconds, largest first. */
  reindex_engine_steps_s: Record<string, number>;
  disk_mib: { sqlite: number; index_used: number; engine_database: number };
  search: SearchResult;
  pages: PagesResult;
  /** Missing from runs before it was measured. */
  page_load?: PageLoadResult;
  edits: { p50_ms: number; p95_ms: number; p99_ms: number };
  listings: { p50_ms: number; p95_ms: number; p99_ms: number };
  search_records: SearchRecordsResult;
  peak_memory_mib: Record<string, number>;
  table: Row[];
}

/** A size's figures kept in var/bench/<artworks>/figures.json by the last run that measured it. */
export interface KeptSize extends SizeResult {
  measured_at: string;
}
