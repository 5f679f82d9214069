/**
 * The pages' Content-Security-Policy (docs/SECURITY.md, "Headers"). Next.js writes its own inline
 * scripts into every page (the React payload), so scripts are allowed by a fresh nonce per
 * response, which Next.js reads from this same policy on the request and puts on its scripts;
 * 'strict-dynamic' lets those scripts load the page's chunks. Every page already renders per
 * request (it reads the shopper's cookies and the database), so the nonce costs no static page.
 * Styles keep 'unsafe-inline': React writes style attributes, and a nonce cannot cover those.
 * Everything else the site loads (pictures under /media/, the search API, the tracking beacons)
 * comes from its own origin. The product page's JSON-LD is a data block, which CSP does not run.
 */

/** 16 random bytes, base64: unguessable per response. */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

export function pageContentSecurityPolicy(nonce: string): string {
  // React's development build evaluates code to rebuild error stacks; production never does.
  const evaluation = process.env.NODE_ENV === 'development' ? " 'unsafe-eval'" : '';
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${evaluation}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}
