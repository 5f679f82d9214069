import { ResponseCookies } from 'next/dist/server/web/spec-extension/cookies.js';

/** Cookie attributes the storefront writes with; `domain` is left out for host-only cookies. */
export interface CookieAttributes {
  path: string;
  domain?: string;
  maxAge: number;
  secure: boolean;
}

/** Thrown instead of writing a cookie whose domain or path could not be sent intact. */
export class CookieAttributeError extends Error {
  override name = 'CookieAttributeError';
}

// Header values are Latin-1 byte strings: anything beyond U+00FF cannot be sent, and control
// characters (C0, DEL, C1) would corrupt the header. ';' would end the attribute early.
const PRINTABLE_LATIN1 = /^[\u0020-\u003a\u003c-\u007e\u00a0-\u00ff]*$/;

/** SPEC §5: true when a domain or path has only printable Latin-1 characters (and no ';'). */
export function isCookieAttributeSafe(value: string): boolean {
  return PRINTABLE_LATIN1.test(value);
}

/**
 * Adds one Set-Cookie per name -> value to the response, SameSite=Lax and HttpOnly (only the
 * server reads them). A domain or path outside printable Latin-1 is refused with
 * CookieAttributeError before anything is written.
 */
export function setCookies(response: Response, values: Record<string, string>, attributes: CookieAttributes): void {
  for (const [attribute, text] of [['domain', attributes.domain], ['path', attributes.path]] as const) {
    if (text !== undefined && !isCookieAttributeSafe(text)) {
      throw new CookieAttributeError(`Cookies were not written: the ${attribute} ${JSON.stringify(text)} has characters outside printable Latin-1.`);
    }
  }
  const cookies = new ResponseCookies(response.headers);
  for (const [name, value] of Object.entries(values)) {
    cookies.set({ name, value, ...attributes, sameSite: 'lax', httpOnly: true });
  }
}
