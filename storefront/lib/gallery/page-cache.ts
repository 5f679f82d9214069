import type { IncomingHttpHeaders, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { parse as parseCookies } from 'hono/utils/cookie';
import { LRUCache } from 'lru-cache';
import type { SearchResponse } from '@easel/search-service/contract';
import { newNonce, pageContentSecurityPolicy } from '../content-security-policy';
import { SESSION_COOKIE } from '../session-cookie';
import { locksZoom } from '../viewport';

/**
 * Gallery pages as Next.js rendered them, kept for visitors without a session (storefront/
 * server.ts), so a spike of shoppers opening the same searches costs one render each, not one a
 * shopper (docs/PAGES.md, "The gallery's page cache").
 *
 * - **Whom it serves:** a GET of a gallery page from a visitor with no session cookie, as a
 *   document (not Next.js's RSC requests). Such a page holds nothing of the visitor but the
 *   settings its cookies name (currency, language) and whether its browser zooms: the key is the
 *   address, the whole Cookie header and that. A signed-in shopper, or one with a basket, has a
 *   session and is always rendered.
 * - **Fresh as the search:** the page's own search is still asked for every request (it is the
 *   early search, answered from the search service's hot cache), and a kept page is served only
 *   while the search answers exactly as it did for the page: an edit or a sale renders afresh.
 *   Nothing else on a gallery page changes with the catalogue; a page is kept `PAGE_TTL_MS` at most.
 * - **Still its own answer:** each answer gets a new CSP nonce and a new search id, recorded as
 *   the render would have recorded it (the visitor's search analytics), written in place of the
 *   kept page's. Those two are the only parts of an anonymous gallery page that differ between
 *   two renders of it; a browser test compares two answers byte for byte with them set aside.
 * - **What is kept:** a page Next.js answered 200, whole, without setting a cookie.
 */

/** The longest a page is kept, for what it shows that the search does not (the landing page's texts). */
export const PAGE_TTL_MS = 30_000;

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** Response headers a kept page is not served with: they belong to the answer that carried it. */
const ANSWER_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'date', 'connection', 'keep-alive', 'etag', 'content-security-policy']);

/** A page as Next.js answered it, and what each of its answers writes anew. */
interface KeptPage {
  /** The search answer it shows, as JSON without its search id: served only while the search answers the same. */
  answer: string;
  html: string;
  headers: OutgoingHttpHeaders;
  nonce: string;
  searchId: string;
}

/** The nonce a page's Content-Security-Policy names: "script-src 'self' 'nonce-abc=='" -> 'abc=='. */
const nonceOf = (policy: unknown) => /'nonce-([^']+)'/.exec(String(policy ?? ''))?.[1];

const answerText = (answer: SearchResponse) => JSON.stringify({ ...answer, search_id: null });

/**
 * The key a gallery request's page is kept under; undefined when the page is the visitor's alone
 * (a session) or the request is not for a whole document:
 * ('/shop/?colours=red', { cookie: 'currency=USD', 'user-agent': '…' }) -> '/shop/?colours=red\ncurrency=USD\nzooms'.
 */
export function pageCacheKey(target: string, headers: IncomingHttpHeaders): string | undefined {
  if (headers.rsc !== undefined || Object.keys(headers).some((name) => name.startsWith('next-router-'))) return undefined;
  const cookie = headers.cookie ?? '';
  if (cookie !== '' && parseCookies(cookie, SESSION_COOKIE)[SESSION_COOKIE] !== undefined) return undefined;
  return `${target}\n${cookie}\n${locksZoom(headers['user-agent'] ?? null) ? 'locked' : 'zooms'}`;
}

export class GalleryPageCache {
  private readonly pages: LRUCache<string, KeptPage>;

  constructor(maxBytes: number) {
    this.pages = new LRUCache<string, KeptPage>({ maxSize: maxBytes, ttl: PAGE_TTL_MS, sizeCalculation: (page) => page.html.length + page.answer.length });
  }

  /** Whether a page is kept under `key` (it may show another answer than today's search). */
  has(key: string): boolean {
    return this.pages.has(key);
  }

  /**
   * Answers `res` with the page kept under `key` when it shows `answer`, with a new nonce and the
   * search id `record` gives for it; false, having written nothing, when there is none.
   */
  async serve(key: string, answer: SearchResponse, acceptEncoding: string | undefined, res: ServerResponse, record: () => string): Promise<boolean> {
    const kept = this.pages.get(key);
    if (!kept || kept.answer !== answerText(answer)) return false;
    const nonce = newNonce();
    const html = kept.html.replaceAll(kept.nonce, nonce).replaceAll(kept.searchId, record());
    const zipped = /\bgzip\b/.test(acceptEncoding ?? '');
    const body = zipped ? await gzipAsync(html) : Buffer.from(html);
    res.writeHead(200, {
      ...kept.headers,
      'content-security-policy': pageContentSecurityPolicy(nonce),
      'content-length': body.byteLength,
      'x-page-cache': 'hit',
      ...(zipped ? { 'content-encoding': 'gzip' } : {}),
    });
    res.end(body);
    return true;
  }

  /**
   * Watches Next.js answer `res` with the page of `key`, which shows `answer`, and keeps the page
   * once it is whole, when it can serve others; `searchIdOf` gives the search id the page recorded.
   */
  keep(key: string, answer: Promise<SearchResponse>, res: ServerResponse, searchIdOf: () => string | undefined): void {
    const chunks: Buffer[] = [];
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') {
        chunks.push(Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array));
      }
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
      const searchId = searchIdOf();
      const encoding = res.getHeader('content-encoding');
      if (res.statusCode !== 200 || res.hasHeader('set-cookie') || !nonce || !searchId || (encoding !== undefined && encoding !== 'gzip')) return;
      const whole = Buffer.concat(chunks);
      const headers = Object.fromEntries(Object.entries(res.getHeaders()).filter(([name]) => !ANSWER_HEADERS.has(name)));
      void Promise.all([answer, encoding === 'gzip' ? gunzipAsync(whole) : whole]).then(([shown, bytes]) => {
        const html = bytes.toString('utf8');
        if (html.trimEnd().endsWith('</html>')) this.pages.set(key, { answer: answerText(shown), html, headers, nonce, searchId });
      }, () => {});
    });
  }
}
