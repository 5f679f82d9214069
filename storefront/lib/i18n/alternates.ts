import type { Metadata } from 'next';

/** SPEC §2: the language variants every page (but an artist's) declares. */
export const ALTERNATE_HREFLANGS = ['en', 'en-US', 'en-GB', 'en-IE', 'en-CA', 'en-AU', 'en-NZ', 'en-ZA', 'x-default'] as const;

type Alternates = NonNullable<Metadata['alternates']>;

/**
 * The canonical link and one alternate per English variant, all pointing at the page itself:
 * both languages live at the same address, chosen by cookie. For `generateMetadata`:
 * alternateLanguages('/shop/painting') -> { canonical: '/shop/painting/', languages: { en: '/shop/painting/', …, 'x-default': '/shop/painting/' } }.
 * Paths are made absolute with the root layout's `metadataBase`.
 */
export function alternateLanguages(canonicalPath: string): Alternates {
  const [path = '/', query] = canonicalPath.split('?', 2);
  const address = `${path.endsWith('/') ? path : `${path}/`}${query === undefined ? '' : `?${query}`}`;
  return {
    canonical: address,
    languages: Object.fromEntries(ALTERNATE_HREFLANGS.map((hreflang) => [hreflang, address])),
  };
}

/** Artist pages (any path with an /artist/ segment) declare no language variants. */
export function declaresAlternateLanguages(pathname: string): boolean {
  return !pathname.includes('/artist/');
}
