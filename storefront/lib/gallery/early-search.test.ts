import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toQueryString } from '@easel/search-service/contract';
import { definitionOf as def } from './definition.fixture';
import { gallerySearchOfRequest } from './early-search';
import { searchedDefinition } from './ui-state';

/** The query string the gallery's widgets ask for on a page showing definition `qs`. */
const searched = (qs: string) => toQueryString(searchedDefinition(def(qs)));

describe('gallerySearchOfRequest', () => {
  it.each([
    ['/shop/', {}, ''],
    ['/shop/painting/oil/?colours=red&sort=newest', {}, 'product_category=painting&painting=oil&colours=red&sort=newest'],
    ['/shop/sculpture/?page=2&junk=1&colours=plaid', {}, 'product_category=sculpture&page=2'],
    // A visitor's cookie names the currency; the address's, when it parses, wins over it.
    ['/shop/', { cookie: 'af-currency=EUR; sessionid=abc' }, 'currency=EUR'],
    ['/shop/?currency=usd', { cookie: 'af-currency=EUR' }, 'currency=USD'],
    ['/shop/?currency=XYZ', { cookie: 'af-currency=EUR' }, 'currency=EUR'],
    ['/shop/?_rsc=1x2y', { rsc: '1' }, ''],
  ])('GET %s with %j: the search the page asks for', (target, headers, qs) => {
    expect(gallerySearchOfRequest('GET', target, headers)).toBe(searched(qs));
  });

  it.each([
    ['POST', '/shop/', {}],
    ['HEAD', '/shop/', {}],
    ['GET', '/shop', {}],
    ['GET', '/shop/painting', {}],
    ['GET', '/shop/not-a-category/', {}],
    ['GET', '/shop/page-data/painting/', {}],
    ['GET', '/shop/%FF/', {}],
    ['GET', '/artist/someone/', {}],
    ['GET', '/shop/../account/', {}],
    ['GET', '/shop/', { 'next-router-prefetch': '1' }],
  ])('%s %s with %j: no gallery page is rendered, so none', (method, target, headers) => {
    expect(gallerySearchOfRequest(method, target, headers)).toBeUndefined();
  });

  it('reads any request line and cookie without throwing: the server runs it before every page', () => {
    const segment = fc.oneof(fc.constantFrom('painting', 'oil', 'sculpture', '', '%FF', '%2F', '..'), fc.string());
    const param = fc.tuple(
      fc.oneof(fc.constantFrom('colours', 'currency', 'page', 'price_min', 'ships_to', 'sort', 'q', 'artist', '_rsc'), fc.string()),
      fc.oneof(fc.constantFrom('red', 'USD', 'x', '-1', '1e9', '%', ''), fc.string()),
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 4 }), fc.array(param, { maxLength: 6 }), fc.string(), (segments, params, cookie) => {
        const query = params.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
        const found = gallerySearchOfRequest('GET', `/shop/${segments.join('/')}${segments.length ? '/' : ''}?${query}`, { cookie });
        expect(found === undefined || typeof found === 'string').toBe(true);
      }),
    );
    // As sent, unencoded: a request line may carry anything.
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const found = gallerySearchOfRequest('GET', `/shop/${raw}`, {});
        expect(found === undefined || typeof found === 'string').toBe(true);
      }),
    );
  });
});
