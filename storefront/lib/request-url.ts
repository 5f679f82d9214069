import { headers } from 'next/headers';
import { getConfig } from './config';
import { REQUEST_PATH_HEADER } from './request-path';

/**
 * The address the current page renders for: the path and query the browser asked for, on the
 * site's configured origin (SITE_URL), never on the Host a client sent, so the canonical and
 * language links, og:url and JSON-LD name this site whatever Host a request claims. Null
 * outside a page request (the proxy does not run there). Server components only.
 */
export async function getRequestUrl(): Promise<URL | null> {
  return pageUrl((await headers()).get(REQUEST_PATH_HEADER), getConfig().SITE_URL);
}

/** `path` (with its query) on `siteUrl`'s origin, whatever the path holds; null without a path. */
export function pageUrl(path: string | null, siteUrl: string): URL | null {
  if (!path?.startsWith('/')) return null;
  return URL.parse(`${new URL(siteUrl).origin}${path}`);
}
