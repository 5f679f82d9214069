/**
 * Cross-site request forgery: another site's page can make a shopper's browser send a form or
 * a request here with their cookies. Every state-changing call to the JSON endpoints is therefore
 * refused unless the browser says it came from our own pages: `Sec-Fetch-Site` (sent by every
 * current browser) must be same-origin or none (typed or bookmarked); without it, `Origin` must
 * name the host the request was sent to. A request with neither is refused as well.
 */

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * The paths that answer JSON and change state; pages do not take POSTs. The tracking beacons
 * (`/t/`, `/api/tracking/`) are among them so that another site cannot pour made-up views into
 * our figures; our own beacons are same-origin and pass.
 */
const GUARDED_PREFIXES = ['/api/', '/collections/api/', '/interest/', '/t/', '/editors-picks/', '/dashboard/'];

export function isGuardedPath(pathname: string): boolean {
  return GUARDED_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/**
 * True when a request to a guarded path must be refused: a state-changing method that the
 * browser does not vouch for as same-origin. `origin` is the origin the request was sent to
 * (`http://shop.test:3000`): an Origin header must match its scheme, host and port.
 */
export function isCrossSiteRequest(request: { method: string; headers: Headers }, origin: string): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const site = request.headers.get('sec-fetch-site');
  if (site !== null) return site !== 'same-origin' && site !== 'none';
  const claimed = request.headers.get('origin');
  if (claimed === null) return true;
  const parsed = URL.parse(claimed);
  return parsed === null || parsed.origin !== URL.parse(origin)?.origin;
}
