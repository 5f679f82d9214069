import { hash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/** A response body ready to send, with its validator. */
export interface CachedAnswer {
  /** UTF-8 JSON, encoded once: a hit is written out without re-encoding or re-measuring a string. */
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  /** A search's number of results, sent as X-Result-Count for the storefront's search records. */
  resultCount?: number;
}

const utf8 = new TextEncoder();

/** A JSON text, or its UTF-8 bytes in a buffer of their own, -> the answer that sends it. */
export function toAnswer(json: string | Uint8Array<ArrayBuffer>, resultCount?: number): CachedAnswer {
  // A buffer of its own (Buffer.from would share an 8 KB pool slab), so the LRU's sizes are true.
  const body = typeof json === 'string' ? utf8.encode(json) : json;
  // The one-shot digest: no Hash object per answer.
  const etag = `"${hash('sha1', body, 'base64url')}"`;
  return resultCount === undefined ? { body, etag } : { body, etag, resultCount };
}

/**
 * Hot answers by canonical definition, for a few seconds. Identical concurrent misses share
 * one engine call. The whole cache is dropped as soon as the index's version (its updatedAt,
 * looked up at most once per `checkEveryMs`, off the request path) changes, so a rebuild or an
 * incremental sync shows within about a second.
 */
export class HotCache {
  private readonly lru: LRUCache<string, CachedAnswer> | undefined;
  private readonly inFlight = new Map<string, Promise<CachedAnswer>>();
  private version: string | undefined;
  private lastCheck = 0;
  private checking = false;

  constructor(
    private readonly options: {
      ttlMs: number;
      getVersion: () => Promise<string>;
      checkEveryMs?: number;
      maxBytes?: number;
    },
  ) {
    this.lru =
      options.ttlMs > 0
        ? new LRUCache<string, CachedAnswer>({
            ttl: options.ttlMs,
            maxSize: options.maxBytes ?? 64 * 1024 * 1024,
            sizeCalculation: (a) => a.body.byteLength + 64,
          })
        : undefined;
  }

  async get(key: string, produce: () => Promise<CachedAnswer>): Promise<CachedAnswer> {
    if (!this.lru) return produce();
    this.maybeCheckVersion();
    const hit = this.lru.get(key);
    if (hit) return hit;
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const version = this.version;
    const promise = produce()
      .then((answer) => {
        // An answer computed across an index change may be old: serve it, do not keep it.
        if (version === this.version) this.lru?.set(key, answer);
        return answer;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, promise);
    return promise;
  }

  clear(): void {
    this.lru?.clear();
  }

  private maybeCheckVersion(): void {
    const now = Date.now();
    if (this.checking || now - this.lastCheck < (this.options.checkEveryMs ?? 1000)) return;
    this.checking = true;
    this.lastCheck = now;
    this.options
      .getVersion()
      .then((version) => {
        if (this.version !== undefined && version !== this.version) this.clear();
        this.version = version;
      })
      .catch(() => {
        // Engine unreachable: searches will say so themselves; keep what we have until the TTL.
      })
      .finally(() => {
        this.checking = false;
      });
  }
}
