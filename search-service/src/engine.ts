import os from 'node:os';
import { Pool, type Dispatcher } from 'undici';
import { SEARCH_WAITS_MS } from './budget';
import type { MeiliQuery } from './meili-request';
import type { MeiliResult } from './meili-response';


/** The engine did not answer in time. */
export class EngineTimeoutError extends Error {
  override name = 'EngineTimeoutError';
}
/** The engine could not be reached at all. */
export class EngineUnavailableError extends Error {
  override name = 'EngineUnavailableError';
}
/** The engine answered with an error; its message stays in the log, never in a response. */
export class EngineError extends Error {
  override name = 'EngineError';
  constructor(readonly status: number, detail: string) {
    super(`Search engine answered HTTP ${status}: ${detail.slice(0, 500)}`);
  }
}

export interface Engine {
  /**
   * The given queries' results, in order: one POST /multi-search, or up to three at once while
   * the engine has a core to spare (`splitQueries`).
   */
  multiSearch(queries: MeiliQuery[]): Promise<MeiliResult[]>;
  /**
   * POST /multi-search with a body as it is; the engine's JSON answer as bytes, unparsed:
   * `npm run profile:search` times the engine alone with it.
   */
  multiSearchRaw(body: unknown): Promise<Uint8Array<ArrayBuffer>>;
  /** The documents of these ids that the index holds, with these fields only, in no particular order. */
  fetchDocuments<T>(indexUid: string, ids: number[], fields: string[]): Promise<T[]>;
  /** The index's first `limit` documents, in no particular order; an index that does not exist holds none. */
  listDocuments<T>(indexUid: string, limit: number): Promise<T[]>;
  /** The index's updatedAt, which changes whenever its documents or settings do. */
  getIndexUpdatedAt(indexUid: string): Promise<string>;
  isHealthy(): Promise<boolean>;
  close(): Promise<void>;
}

const utf8 = new TextDecoder();

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN',
  'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_CLOSED', 'UND_ERR_DESTROYED',
]);

/** A search's queries as the requests they go to the engine in, and how their results make the search's again. */
export interface Requests {
  requests: MeiliQuery[][];
  join(results: MeiliResult[][]): MeiliResult[];
}

/**
 * How a search's queries go to the engine, given its requests already in flight and its cores.
 * The engine answers one multi-search's queries one after another, on one core. While a core
 * beside this search's own is idle, they go as up to three requests at once: the main query's
 * hits, its counts (the two costliest parts of a search) and the other queries; a shopper then
 * waits for the longest of them instead of their sum. On a busy engine one request costs it
 * least:
 * ([main, a, b], 0 in flight, 2 cores) -> requests [[main's hits], [main's counts], [a, b]];
 * ([main, a, b], 1 in flight, 2 cores) -> requests [[main, a, b]].
 */
export function splitQueries(queries: MeiliQuery[], inFlight: number, cores: number): Requests {
  const [main, ...rest] = queries;
  const countsApart = main !== undefined && (main.facets?.length ?? 0) > 0 && main.hitsPerPage !== 0;
  if (!main || inFlight + 2 > cores || (!countsApart && rest.length === 0)) return { requests: [queries], join: ([results]) => results! };
  const { facets: _counted, ...hits } = main;
  const { attributesToRetrieve: _shown, sort: _sorted, ...counts } = { ...main, page: 1, hitsPerPage: 0 };
  const requests = [...(countsApart ? [[hits], [counts]] : [[main]]), ...(rest.length > 0 ? [rest] : [])];
  return {
    requests,
    join(results) {
      const [found, counted] = [results[0]![0]!, results[1]![0]!];
      const whole = countsApart ? { ...found, facetDistribution: counted.facetDistribution, facetStats: counted.facetStats } : found;
      return [whole, ...(rest.length > 0 ? results.at(-1)! : [])];
    },
  };
}

/**
 * A keep-alive connection pool to Meilisearch; every call has its own time-out (the search
 * budget's engine share by default), which also covers reading the body.
 * `cores` are the engine's (by default this machine's, where the embedded engine runs).
 */
export function createEngine(
  conn: { url: string; masterKey: string },
  options: { timeoutMs?: number; connections?: number; cores?: number | undefined } = {},
): Engine {
  const timeoutMs = options.timeoutMs ?? SEARCH_WAITS_MS.engine;
  const cores = options.cores ?? os.availableParallelism();
  let inFlight = 0;
  const base = new URL(conn.url);
  const prefix = base.pathname.replace(/\/+$/, '');
  const pool = new Pool(base.origin, { connections: options.connections ?? 64, keepAliveTimeout: 30_000, pipelining: 1 });

  const headers = { authorization: `Bearer ${conn.masterKey}` };
  const jsonHeaders = { ...headers, 'content-type': 'application/json' };

  /**
   * The engine's 2xx answer as bytes; any other status is an EngineError carrying its text.
   * Undici's dispatch with a handler that gathers the chunks: its `request` would wrap every
   * answer in a readable stream and every call in an abort signal's listeners, about a fifth
   * of a millisecond of a hop that costs under one (docs/PERFORMANCE.md).
   */
  function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Uint8Array<ArrayBuffer>> {
    return new Promise((resolve, reject) => {
      let controller: Dispatcher.DispatchController | undefined;
      let timedOut = false;
      let status = 0;
      const chunks: Buffer[] = [];
      // Refused once time is up, waiting for a connection or not; a request on its way is aborted.
      const timer = setTimeout(() => {
        timedOut = true;
        reject(new EngineTimeoutError(`Search engine gave no answer within ${timeoutMs} ms`));
        controller?.abort(new Error('timed out'));
      }, timeoutMs);
      pool.dispatch(
        { method, path: `${prefix}${path}`, ...(body === undefined ? { headers } : { headers: jsonHeaders, body: JSON.stringify(body) }) },
        {
          onRequestStart(started) {
            controller = started;
            if (timedOut) started.abort(new Error('timed out'));
          },
          onResponseStart(_, statusCode) {
            status = statusCode;
          },
          onResponseData(_, chunk) {
            chunks.push(chunk);
          },
          onResponseEnd() {
            clearTimeout(timer);
            const bytes = Buffer.concat(chunks);
            if (status >= 200 && status < 300) resolve(bytes);
            else reject(new EngineError(status, utf8.decode(bytes)));
          },
          onResponseError(_, error) {
            clearTimeout(timer);
            const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
            reject(code && UNREACHABLE_CODES.has(code) ? new EngineUnavailableError(`Search engine unreachable (${code})`) : error);
          },
        },
      );
    });
  }

  const callJson = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> =>
    JSON.parse(utf8.decode(await call(method, path, body)));

  return {
    async multiSearch(queries) {
      const { requests, join } = splitQueries(queries, inFlight, cores);
      return join(await Promise.all(requests.map(async (part) => {
        inFlight += 1;
        try {
          return ((await callJson('POST', '/multi-search', { queries: part })) as { results: MeiliResult[] }).results;
        } finally {
          inFlight -= 1;
        }
      })));
    },
    multiSearchRaw: (body) => call('POST', '/multi-search', body),
    async fetchDocuments(indexUid, ids, fields) {
      const body = { ids, fields, limit: ids.length };
      return ((await callJson('POST', `/indexes/${encodeURIComponent(indexUid)}/documents/fetch`, body)) as { results: never[] }).results;
    },
    async listDocuments(indexUid, limit) {
      try {
        return ((await callJson('GET', `/indexes/${encodeURIComponent(indexUid)}/documents?limit=${limit}`)) as { results: never[] }).results;
      } catch (error) {
        if (error instanceof EngineError && error.status === 404) return [];
        throw error;
      }
    },
    async getIndexUpdatedAt(indexUid) {
      const json = (await callJson('GET', `/indexes/${encodeURIComponent(indexUid)}`)) as { updatedAt: string };
      return json.updatedAt;
    },
    async isHealthy() {
      try {
        await call('GET', '/health');
        return true;
      } catch {
        return false;
      }
    },
    close: () => pool.close(),
  };
}
