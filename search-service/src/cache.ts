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

/** How long a hit waits for the index's version to be looked up before it is served anyway. */
export const VERSION_WAIT_MS = 200;

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
 * one engine call. The whole cache is dropped as soon as the index's version (its updatedAt)
 * changes. The version is looked up at most once per `checkEveryMs`, and a hit is served only
 * once a lookup begun within that time has answered (or `VERSION_WAIT_MS` has passed, so an
 * engine that hangs does not hold up what the cache holds): however quiet the service was, an
 * answer never predates a rebuild or an incremental sync by more than `checkEveryMs`.
 */
export class HotCache {
  private readonly lru: LRUCache<string, CachedAnswer> | undefined;
  private readonly inFlight = new Map<string, Promise<CachedAnswer>>();
  private version: string | undefined;
  /** When the latest version lookup began, and the lookup (bounded by `VERSION_WAIT_MS`) while under way. */
  private checkedAt = Number.NEGATIVE_INFINITY;
  private checking: Promise<void> | undefined;

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
    await this.currentVersion();
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

  /** Looks the index's version up when the last lookup is `checkEveryMs` old, and waits for it; drops the cache when it changed. */
  private currentVersion(): Promise<void> | void {
    if (this.checking) return this.checking;
    const now = Date.now();
    if (now - this.checkedAt < (this.options.checkEveryMs ?? 1000)) return;
    this.checkedAt = now;
    const lookup = this.options.getVersion().then(
      (version) => {
        if (this.version !== undefined && version !== this.version) this.clear();
        this.version = version;
      },
      () => {
        // Engine unreachable: searches will say so themselves; keep what we have until the TTL.
      },
    );
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, VERSION_WAIT_MS);
    });
    const checking = Promise.race([lookup, waited]).finally(() => {
      clearTimeout(timer);
      if (this.checking === checking) this.checking = undefined;
    });
    this.checking = checking;
    return checking;
  }
}
