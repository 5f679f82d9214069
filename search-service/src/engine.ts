import { Pool } from 'undici';
import { SEARCH_WAITS_MS } from './contract';
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
  /** POST /multi-search with the given queries; the results in order. */
  multiSearch(queries: MeiliQuery[]): Promise<MeiliResult[]>;
  /**
   * POST /multi-search with a body as it is; the engine's JSON answer as bytes, unparsed:
   * `npm run profile:search` times the engine alone with it.
   */
  multiSearchRaw(body: unknown): Promise<Uint8Array<ArrayBuffer>>;
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

/**
 * A keep-alive connection pool to Meilisearch; every call carries its own time-out signal
 * (the search budget's engine share by default), which also covers reading the body.
 */
export function createEngine(conn: { url: string; masterKey: string }, options: { timeoutMs?: number; connections?: number } = {}): Engine {
  const timeoutMs = options.timeoutMs ?? SEARCH_WAITS_MS.engine;
  const base = new URL(conn.url);
  const prefix = base.pathname.replace(/\/+$/, '');
  const pool = new Pool(base.origin, { connections: options.connections ?? 64, keepAliveTimeout: 30_000, pipelining: 1 });
  const auth = `Bearer ${conn.masterKey}`;

  /** The engine's 2xx answer as bytes; any other status is an EngineError carrying its text. */
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Uint8Array<ArrayBuffer>> {
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const res = await pool.request({
        method,
        path: `${prefix}${path}`,
        headers: { authorization: auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal,
      });
      const bytes = new Uint8Array(await res.body.arrayBuffer());
      if (res.statusCode >= 200 && res.statusCode < 300) return bytes;
      throw new EngineError(res.statusCode, utf8.decode(bytes));
    } catch (error) {
      if (error instanceof EngineError) throw error;
      if (signal.aborted) throw new EngineTimeoutError(`Search engine gave no answer within ${timeoutMs} ms`);
      const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
      if (code && UNREACHABLE_CODES.has(code)) throw new EngineUnavailableError(`Search engine unreachable (${code})`);
      throw error;
    }
  }

  const callJson = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> =>
    JSON.parse(utf8.decode(await call(method, path, body)));

  return {
    async multiSearch(queries) {
      const json = (await callJson('POST', '/multi-search', { queries })) as { results: MeiliResult[] };
      return json.results;
    },
    multiSearchRaw: (body) => call('POST', '/multi-search', body),
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
