import { headers } from 'next/headers';
import { REQUEST_PATH_HEADER } from './request-path';

/**
 * The address the current page renders for, as the browser asked for it (host included), or
 * null outside a page request (the proxy does not run there). Server components only.
 */
export async function getRequestUrl(): Promise<URL | null> {
  const h = await headers();
  const path = h.get(REQUEST_PATH_HEADER);
  const host = h.get('x-forwarded-host') ?? h.get('host');
  if (!path || !host) return null;
  const protocol = h.get('x-forwarded-proto')?.split(',')[0]?.trim() ?? 'http';
  try {
    return new URL(path, `${protocol}://${host}`);
  } catch {
    return null;
  }
}
