import { describe, expect, it } from 'vitest';
import { ALTERNATE_HREFLANGS, alternateLanguages, declaresAlternateLanguages } from './alternates';

describe('alternateLanguages', () => {
  it('points the canonical link and all nine variants at the page itself', () => {
    const alternates = alternateLanguages('/shop/painting/');
    expect(alternates.canonical).toBe('/shop/painting/');
    expect(Object.keys(alternates.languages ?? {})).toEqual(['en', 'en-US', 'en-GB', 'en-IE', 'en-CA', 'en-AU', 'en-NZ', 'en-ZA', 'x-default']);
    expect(new Set(Object.values(alternates.languages ?? {}))).toEqual(new Set(['/shop/painting/']));
    expect(ALTERNATE_HREFLANGS).toHaveLength(9);
  });

  it.each([
    ['/', '/'],
    ['/shop', '/shop/'],
    ['/product/quiet-harbour', '/product/quiet-harbour/'],
    ['/shop?page=2', '/shop/?page=2'],
    ['/shop/?page=2', '/shop/?page=2'],
  ])('gives %s a trailing slash: %s', (path, address) => {
    expect(alternateLanguages(path).canonical).toBe(address);
    expect(alternateLanguages(path).languages?.['x-default']).toBe(address);
  });
});

describe('declaresAlternateLanguages', () => {
  it.each(['/', '/shop/', '/shop/painting/oil/', '/product/quiet-harbour/', '/basket/', '/artists/'])('declares them on %s', (path) => {
    expect(declaresAlternateLanguages(path)).toBe(true);
  });

  it.each(['/artist/maya-okafor/', '/artist/maya-okafor/works/', '/shop/artist/maya-okafor/'])('leaves them off the artist page %s', (path) => {
    expect(declaresAlternateLanguages(path)).toBe(false);
  });
});
