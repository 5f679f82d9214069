/**
 * The security headers both servers send (docs/SECURITY.md, "Headers"). The storefront's pages
 * get their own Content-Security-Policy with a nonce (storefront/lib/content-security-policy.ts);
 * everything else, JSON and files, gets API_CONTENT_SECURITY_POLICY, which allows nothing.
 */

/** A response that is not a page runs nothing, loads nothing and may not be framed. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'; form-action 'none'";

export const BASELINE_SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // The site uses none of these; a compromised script cannot ask for them either.
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
} as const;

export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * Host names of local development, as a regular expression over the Host header's name with
 * the port cut off at the first colon (Next.js's own `has: host` matching, which next.config.ts
 * uses, does the same; an IPv6 literal is therefore just "["). HSTS is sent to every other
 * host: browsers ignore it over plain http, so it only ever takes effect on the real site over
 * https, and a developer's localhost is never pinned to https.
 */
export const LOCAL_HOSTNAME_PATTERN = '(?:localhost|[a-z0-9-]+\\.localhost|127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}|\\[)';

const localHostname = new RegExp(`^${LOCAL_HOSTNAME_PATTERN}$`);

export function isLocalHost(host: string | null | undefined): boolean {
  return localHostname.test((host ?? '').split(':', 1)[0]!.toLowerCase());
}

/** The headers for one response of this service: the baseline, the API policy, HSTS off localhost. */
export function apiSecurityHeaders(host: string | null | undefined): Record<string, string> {
  return {
    ...BASELINE_SECURITY_HEADERS,
    'Content-Security-Policy': API_CONTENT_SECURITY_POLICY,
    ...(isLocalHost(host) ? {} : { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY }),
  };
}
