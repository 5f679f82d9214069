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
