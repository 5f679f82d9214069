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
    ['/shop/painting/oil/?colours=red&sort=newest', {}, 'painting=oil&colours=red&sort=newest'],
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
    ['GET', '/shop/', { 'next-router-prefetch': '1' }],
  ])('%s %s with %j: no gallery page is rendered, so none', (method, target, headers) => {
    expect(gallerySearchOfRequest(method, target, headers)).toBeUndefined();
  });
});
