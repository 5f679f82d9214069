import { errorBody, type ApiErrorCode } from '@easel/shared/api-error-body';

/**
 * For storefront/server.ts, which runs before Next.js is loaded: nothing here may import Next.js
 * (its request-scoped modules need the server it sets up).
 */

/**
 * A request line's target as a path on this site: an absolute URI keeps only its path and query,
 * so the host a request is for comes from its Host header alone and no redirect Next.js makes
 * (the trailing slash, for one) can send a browser to the host the request line named:
 * 'http://evil.example/shop?a=1' -> '/shop?a=1'; '/shop/' -> '/shop/'; '*' -> '/'.
 */
export function originForm(target: string): string {
  if (target.startsWith('/')) return target;
  const url = URL.parse(target);
  return url && (url.protocol === 'http:' || url.protocol === 'https:') ? `${url.pathname}${url.search}` : '/';
}

/** The path the router sees, or why the request's path was refused. */
export type RoutePath = { path: string; refusal?: never } | { path?: never; refusal: string };

/**
 * The one reading of a request's path that every guard, every limit and the router act on
 * (docs/SECURITY.md, "One path for guards and routes"): each %-escape decoded, so
 * '/api/account/%6cogin/' is '/api/account/login/', and a run of slashes read as one, as Next.js
 * reads it. A path is refused when its escapes would make it name something else than it
 * spells: an escaped slash, backslash, percent sign, '?' or '#', a dot segment ('.', '..', raw or
 * escaped), a control character, or bytes that are not UTF-8. The decoded path holds no '%', so
 * nothing downstream can decode it a second time into yet another path.
 */
export function routePath(pathname: string): RoutePath {
  if (!pathname.startsWith('/')) return { refusal: 'must start with a slash' };
  const segments = pathname.slice(1).split('/');
  const decoded: string[] = [];
  for (const [i, raw] of segments.entries()) {
    if (raw === '' && i < segments.length - 1) continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return { refusal: 'has a %-escape that is not UTF-8' };
    }
    // eslint-disable-next-line no-control-regex
    if (/[/\\%?#\u0000-\u001f\u007f]/.test(segment)) return { refusal: 'has an escaped or control character that changes what it names' };
    if (segment === '.' || segment === '..') return { refusal: 'has a dot segment' };
    decoded.push(segment);
  }
  return { path: `/${decoded.join('/')}` };
}

/**
 * A decoded path (from routePath) written in one canonical form: every character a path may
 * hold as it is stays so, the rest %-escaped with upper-case hex. decodeURI, which Hono and
 * Next.js route by, reads it back as exactly the decoded path.
 */
export function canonicalPath(path: string): string {
  return path.split('/').map((segment) => encodeURIComponent(segment).replace(/%(?:24|26|2B|2C|3A|3B|3D|40)/g, decodeURIComponent)).join('/');
}

/** The methods the storefront answers; any other (TRACE, PROPFIND, made-up ones) is 405 before Next.js sees it. */
export const KNOWN_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** Where Next.js's build addresses its scripts and stylesheets, named for their content: read only. */
export const BUILD_ASSETS = '/_next/static/';

/**
 * server.ts's judgement of a request line before Next.js sees it: the target to hand on (its path
 * in canonical form, the query as sent), or the refusal to answer: 405 for a method the site does
 * not take, or one other than GET and HEAD for a build's file (which Next.js answered 500), 400
 * for a path routePath refuses. A refusal is JSON in the API's error shape.
 */
export function judgeRequestLine(method: string, target: string): { target: string; refusal?: never } | { target?: never; refusal: { status: 400 | 405; headers: Record<string, string>; body: string } } {
  const refuse = (status: 400 | 405, headers: Record<string, string>, code: ApiErrorCode, message: string, param?: string) => ({
    refusal: { status, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers }, body: JSON.stringify(errorBody(code, message, param)) },
  });
  if (!(KNOWN_METHODS as readonly string[]).includes(method)) {
    return refuse(405, { Allow: KNOWN_METHODS.join(', ') }, 'read_only', `This site does not take ${method} requests.`);
  }
  const query = target.indexOf('?');
  const pathname = query === -1 ? target : target.slice(0, query);
  const route = routePath(pathname);
  if (route.refusal !== undefined) return refuse(400, {}, 'invalid_parameter', `This address ${route.refusal}.`, 'path');
  const path = canonicalPath(route.path);
  if (path.startsWith(BUILD_ASSETS) && method !== 'GET' && method !== 'HEAD') {
    return refuse(405, { Allow: 'GET, HEAD' }, 'read_only', `The site's scripts and stylesheets are only read, not sent ${method} requests.`);
  }
  return { target: path + (query === -1 ? '' : target.slice(query)) };
}
