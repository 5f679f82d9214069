import type { IncomingHttpHeaders, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import { newNonce, pageContentSecurityPolicy } from './content-security-policy';
import { GALLERY_PATH } from './gallery/location';
import { SESSION_COOKIE } from './session-cookie';
import { locksZoom } from './viewport';

/**
 * Pages as Next.js rendered them for visitors without a session, served again (storefront/
 * server.ts), so a spike of shoppers opening the same pages costs one render a page, not one a
 * shopper (docs/PAGES.md, "The page cache").
 *
 * - **Which pages:** the gallery, the homepage and product pages (`keptPageKind`), asked for as a
 *   whole document (not Next.js's RSC requests) by a visitor with no session cookie. Such a page
 *   holds nothing of the visitor but the settings their cookies name and whether their browser
 *   zooms, and its headers name the host it was asked of (HSTS off a local one): the key is the
 *   Host, the address, the Cookie header and whether the browser zooms (`pageCacheKey`). A
 *   signed-in shopper, or a visitor with a basket or recently viewed works, has a session. The
 *   homepage and product pages show nothing of a session but in the layout (the homepage's own
 *   sections, recently viewed and recommendations, load in the browser), so a session the pages
 *   show nothing of (no account, an empty basket: `KeptPageRequest.showsSession`) is served the
 *   page kept for visitors with the same settings, its key the Cookie header without the
 *   session; a render for a session is never kept. A gallery page records its search for the
 *   session, so a session's is always rendered.
 * - **As fresh as what it shows:** every request reads its page's validator, and a kept page is
 *   served only while that reads as it did for the render: for a gallery page the ETag of its
 *   own search's answer (the early search, asked for every request anyway, with the kept page's
 *   ETag, so an unchanged answer comes back as a bodiless 304), for the homepage and a product
 *   page the newest catalogue change (every edit, sale, hold and favourite makes one). What
 *   neither covers (staff's landing page texts and homepage choices) shows within
 *   `PAGE_TTL_MS`.
 * - **Still an answer of its own:** each answer gets a new CSP nonce, and a gallery page a new
 *   search id recorded as the render would have recorded it, written in place of the kept
 *   page's. Those are the only parts of a visitor's page that differ between two renders of it.
 * - **What is kept:** a page asked for a second time within `PAGE_TTL_MS` (a page of the long
 *   tail, asked once, costs nothing to watch), that Next.js answered 200, whole, without setting
 *   a cookie, with no homepage section the server missed (`data-missed`), and a gallery page
 *   only with its search's results.
 */

/** The longest a page is kept, for what its validator does not cover. */
export const PAGE_TTL_MS = 30_000;

/** The pages kept for visitors: '/' -> 'home', '/product/a-slug/' -> 'product', '/shop/painting/' -> 'gallery'. */
export function keptPageKind(target: string): 'home' | 'product' | 'gallery' | undefined {
  const path = target.split('?', 1)[0]!;
  if (path === '/') return 'home';
  if (/^\/product\/[^/]+\/$/.test(path)) return 'product';
  if (path.startsWith(GALLERY_PATH)) return 'gallery';
  return undefined;
}

/**
 * The key a request's page is kept under; undefined when the page is the visitor's alone (a
 * session, on a gallery page) or the request is not a GET of a whole document:
 * ('GET', '/shop/?colours=red', { host: 'easel.example', cookie: 'af-currency=USD', 'user-agent': '…' })
 * -> 'easel.example\n/shop/?colours=red\naf-currency=USD\nzooms';
 * ('GET', '/', { host: 'easel.example', cookie: 'sessionid=abc; af-currency=USD' }) -> 'easel.example\n/\naf-currency=USD\nzooms'.
 * A Cookie header naming the session twice has no key: the page might read either.
 */
export function pageCacheKey(method: string, target: string, headers: IncomingHttpHeaders): string | undefined {
  if (method !== 'GET' || headers.rsc !== undefined || Object.keys(headers).some((name) => name.startsWith('next-router-'))) return undefined;
  const { sessions, others } = cookieParts(headers);
  if (sessions > 1 || (sessions === 1 && keptPageKind(target) === 'gallery')) return undefined;
  return `${headers.host ?? ''}\n${target}\n${others.join('; ')}\n${locksZoom(headers['user-agent'] ?? null) ? 'locked' : 'zooms'}`;
}

/** Whether a request's Cookie header names the session: its page may show something of it. */
export function namesSession(headers: IncomingHttpHeaders): boolean {
  return cookieParts(headers).sessions > 0;
}

/**
 * A Cookie header's parts: how many name the session (however spaced, so never fewer than any
 * reader finds) and the others: 'a=1; sessionid=x' -> { sessions: 1, others: ['a=1'] }.
 */
function cookieParts(headers: IncomingHttpHeaders): { sessions: number; others: string[] } {
  const parts = (headers.cookie ?? '').split(';').map((part) => part.trim()).filter((part) => part !== '');
  const others = parts.filter((part) => part.split('=', 1)[0]!.trim() !== SESSION_COOKIE);
  return { sessions: parts.length - others.length, others };
}

/** A request for a page the cache may answer or keep. */
export interface KeptPageRequest {
  key: string;
  /** What the page shows that can change, read for this request when the cache needs it. */
  validator: () => Promise<string>;
  /**
   * A gallery page's search: the id the render recorded it under, how many works it found and
   * the validator of the answer it showed (the page is kept under that one: the one read before
   * the render may be an earlier answer's), and a new id recorded, with that count, for an
   * answer from the cache.
   */
  search?: { renderedId: () => string | undefined; shown: () => Promise<{ count: number; validator: string }>; record: (count: number) => Promise<string> };
  /**
   * A homepage or product page asked with a session: whether the page shows anything of it. One
   * that shows nothing is served the page kept for visitors; its own render is never kept.
   */
  showsSession?: () => Promise<boolean>;
}

/** A page as Next.js answered it, and what each of its answers writes anew. */
interface KeptPage {
  validator: string;
  /**
   * The page's HTML cut at its nonce and search id, as UTF-8: the bytes between them, and in
   * place of each (every odd piece) which of the two it was.
   */
  pieces: (Buffer | 'nonce' | 'search')[];
  headers: OutgoingHttpHeaders;
  /** A gallery page's: how many works its search found. */
  searchCount: number | undefined;
}

/** Response headers a kept page is not served with: they belong to the answer that carried it. */
const ANSWER_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'date', 'connection', 'keep-alive', 'etag', 'content-security-policy']);

/** The nonce a page's Content-Security-Policy names: "script-src 'self' 'nonce-abc=='" -> 'abc=='. */
const nonceOf = (policy: unknown) => /'nonce-([^']+)'/.exec(String(policy ?? ''))?.[1];

/** A homepage section the server missed, left to the browser (components/home/deferred-section.tsx). */
const MISSED_SECTION = ' data-missed=';

/** How many keys asked for once are remembered, to keep their pages if they are asked again. */
const SEEN_KEYS = 20_000;

/** `text` cut at each of `tokens`, each kept as a piece of its own: ('a N b', ['N']) -> ['a ', 'N', ' b']. */
function cutAt(text: string, tokens: string[]): string[] {
  return text.split(new RegExp(`(${tokens.map((token) => token.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})`));
}

export class PageCache {
  private readonly pages: LRUCache<string, KeptPage>;
  private readonly seen = new LRUCache<string, true>({ max: SEEN_KEYS, ttl: PAGE_TTL_MS });

  constructor(maxBytes: number) {
    this.pages = new LRUCache<string, KeptPage>({ maxSize: maxBytes, ttl: PAGE_TTL_MS, sizeCalculation: (page) => page.pieces.reduce((size, piece) => size + piece.length, page.validator.length) });
  }

  /** The validator of the page kept under `key`, if one is. */
  keptValidator(key: string): string | undefined {
    return this.pages.peek(key)?.validator;
  }

  /**
   * Answers `res` from the page kept for `request` while its validator reads the same; else
   * `render` answers it, and what it renders is kept when the page was asked for before. Pages
   * are kept and written as HTML: `res` compresses what is written to it (storefront/server.ts).
   */
  async answer(request: KeptPageRequest, res: ServerResponse, render: () => unknown): Promise<void> {
    const kept = this.pages.get(request.key);
    if (request.showsSession) {
      const served = kept !== undefined && !(await request.showsSession().catch(() => true)) && (await this.serve(kept, request.validator(), request, res).catch(() => false));
      if (!served) await render();
      return;
    }
    // A validator that cannot be read (the database or the search unavailable) serves nothing and keeps nothing.
    const validator = kept || this.seen.has(request.key) ? request.validator() : undefined;
    validator?.catch(() => {});
    if (kept && (await this.serve(kept, validator!, request, res).catch(() => false))) return;
    if (validator) this.keep(request, validator, res);
    else this.seen.set(request.key, true);
    await render();
  }

  private async serve(kept: KeptPage, validator: Promise<string>, request: KeptPageRequest, res: ServerResponse): Promise<boolean> {
    if ((await validator) !== kept.validator) return false;
    const nonce = newNonce();
    const searchId = kept.searchCount === undefined ? undefined : await request.search!.record(kept.searchCount);
    const written = { nonce: Buffer.from(nonce), search: Buffer.from(searchId ?? '') };
    const html = Buffer.concat(kept.pieces.map((piece) => (typeof piece === 'string' ? written[piece] : piece)));
    res.writeHead(200, {
      ...kept.headers,
      'content-security-policy': pageContentSecurityPolicy(nonce),
      'content-length': html.byteLength,
      'x-page-cache': 'hit',
    });
    res.end(html);
    return true;
  }

  /**
   * Watches Next.js answer `res` and keeps the page once it is whole, when it can serve others:
   * what Next.js writes, before `res` compresses it.
   */
  private keep(request: KeptPageRequest, validator: Promise<string>, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      chunks.push(Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array));
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.write = ((...args: unknown[]) => {
      collect(args[0], args[1]);
      return write(...args);
    }) as ServerResponse['write'];
    res.end = ((...args: unknown[]) => {
      collect(args[0], args[1]);
      return end(...args);
    }) as ServerResponse['end'];
    res.once('finish', () => {
      const nonce = nonceOf(res.getHeader('content-security-policy'));
      const searchId = request.search?.renderedId();
      if (res.statusCode !== 200 || res.hasHeader('set-cookie') || !nonce || (request.search && !searchId)) return;
      const headers = Object.fromEntries(Object.entries(res.getHeaders()).filter(([name]) => !ANSWER_HEADERS.has(name)));
      const html = Buffer.concat(chunks).toString('utf8');
      void Promise.all([validator, request.search?.shown()]).then(([read, search]) => {
        if (!html.trimEnd().endsWith('</html>') || html.includes(MISSED_SECTION)) return;
        const pieces = cutAt(html, searchId === undefined ? [nonce] : [nonce, searchId]).map((piece, i) => (i % 2 === 0 ? Buffer.from(piece) : piece === nonce ? 'nonce' : 'search'));
        this.pages.set(request.key, { validator: search?.validator ?? read, pieces, headers, searchCount: search?.count });
      }, () => {});
    });
  }
}
