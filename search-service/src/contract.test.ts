import { describe, expect, it } from 'vitest';
import { describeIssue, parseGalleryParams, toQueryString, type GallerySearchDefinition, englishOf } from './contract';
import { gatherParams } from './query-string';

const parse = (qs: string) => {
  const gathered = gatherParams(qs);
  if (!gathered.ok) return { ok: false as const, issue: gathered.issue };
  return parseGalleryParams(gathered.params);
};
const def = (qs: string): GallerySearchDefinition => {
  const r = parse(qs);
  if (!r.ok) throw new Error(`${r.issue.param} ${r.issue.message}`);
  return r.definition;
};

describe('parseGalleryParams', () => {
  it('fills the SPEC defaults', () => {
    expect(def('')).toMatchObject({ sort: 'best_match', page: 1, paginate: 60, limit: 12, currency: 'GBP', in_sale: false, colours: [] });
  });

  it.each([
    ['q=sea+view', { q: 'sea view' }],
    ['q=%20%20', {}],
    ['sort=price_desc&page=3&paginate=120', { sort: 'price_desc', page: 3, paginate: 120 }],
    ['currency=USD&price_min=100&price_max=500', { currency: 'USD', price_min: 100, price_max: 500 }],
    ['size_=small&size_=large&width_min=20.5', { size_: ['small', 'large'], width_min: 20.5 }],
    ['in_sale=on&free_shipping=true', { in_sale: true, free_shipping: true }],
    ['painting=oil&prints=screenprint&product_category=sculpture', { product_category: ['sculpture'], painting: ['oil'], prints: ['screenprint'], sculpture: [], drawing: [], photography: [] }],
    ['colours=red&colours=blue&ships_to=US&ships_from=FR', { colours: ['red', 'blue'], ships_to: 'US', ships_from: 'FR' }],
    ['artist=ada-lovelace-2&product_category=painting', { artist: 'ada-lovelace-2', product_category: ['painting'] }],
    // A value given twice counts once.
    ['colours=blue&colours=red&colours=blue', { colours: ['blue', 'red'] }],
    [Array.from({ length: 15 }, () => 'colours=red').join('&'), { colours: ['red'] }],
    ['product_boost=sea-view&multiple_product_boost=a-b&multiple_product_boost=c&multiple_product_boost=a-b', { product_boost: 'sea-view', multiple_product_boost: ['a-b', 'c'] }],
  ])('%s', (qs, expected) => {
    expect(def(qs)).toMatchObject(expected);
  });

  it.each([
    ['paginate=121', 'paginate'],
    ['paginate=-1', 'paginate'],
    ['page=0', 'page'],
    ['page=1001', 'page'],
    ['page=1.5', 'page'],
    ['page=1&page=2', 'page'],
    ['sort=cheapest', 'sort'],
    ['currency=JPY', 'currency'],
    ['currency=gbp', 'currency'],
    ['price_min=500&price_max=100', 'price_max'],
    ['price_min=abc', 'price_min'],
    ['price_min=1e3', 'price_min'],
    ['width_min=90&width_max=10', 'width_max'],
    ['size_=huge', 'size_'],
    ['in_sale=true', 'in_sale'],
    ['free_shipping=1', 'free_shipping'],
    ['colours=red%22%20OR%20status%3D%22sold', 'colours'],
    ['painting=screenprint', 'painting'],
    ['ships_to=gb', 'ships_to'],
    ['ships_to=GBR', 'ships_to'],
    ['q=%22quoted%22', 'q'],
    ['q=a%3Db', 'q'],
    [`q=${'a'.repeat(201)}`, 'q'],
    ['q=%FF%FE', 'q'],
    ['q=%E0%A4', 'q'],
    ['q=%00', 'q'],
    ['artist=Ada-Lovelace', 'artist'],
    ['artist=ada--lovelace', 'artist'],
    ['artist=-ada', 'artist'],
    ['artist=ada%22%20OR%20artist_slug%3D%22bob', 'artist'],
    ['artist=', 'artist'],
    [`artist=${'a'.repeat(101)}`, 'artist'],
    ['artist=ada&artist=bob', 'artist'],
    ['status=sold', 'status'],
    ['indexUid=other', 'indexUid'],
    ['product_boost=Sea', 'product_boost'],
    ['product_boost=a&product_boost=b', 'product_boost'],
    [Array.from({ length: 25 }, (_, i) => `multiple_product_boost=w-${i}`).join('&'), 'multiple_product_boost'],
  ])('refuses %s naming %s', (qs, param) => {
    const r = parse(qs);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issue.param).toBe(param);
  });
});

describe('toQueryString', () => {
  it.each([
    '',
    'colours=blue&colours=red',
    'q=sea+view&sort=newest&page=2&currency=EUR&price_min=10&price_max=90',
    'in_sale=on&size_=large&width_max=100&ships_to=US&free_shipping=true',
    'product_category=sculpture&painting=ink&painting=oil&subject=nude&style=folk&shape=square',
    'sort=newest&page=2&product_category=painting&artist=ada-lovelace',
    'product_boost=sea-view&multiple_product_boost=a-b&multiple_product_boost=c',
  ])('round-trips %s', (qs) => {
    expect(toQueryString(def(qs))).toBe(qs);
  });

  it('is canonical whatever the order of lists', () => {
    expect(toQueryString(def('colours=red&colours=blue'))).toBe(toQueryString(def('colours=blue&colours=red')));
  });
});

describe('describeIssue', () => {
  it.each([
    ['price_min', 'must be a whole number', 'Minimum price (price_min) must be a whole number'],
    ['width_max', 'must be at most 9999', 'Maximum width (width_max) must be at most 9999'],
    ['colours', 'must be one of red', 'Colour (colours) must be one of red'],
    ['painting', 'must be one of oil', 'Type of painting (painting) must be one of oil'],
    ['status', 'is not a gallery search parameter', 'status is not a gallery search parameter'],
  ])('names %s as shoppers know it', (param, problem, message) => {
    expect(describeIssue(param, problem)).toBe(message);
  });

  it('names a parameter as American English spells it for a client that asks for it', () => {
    expect(describeIssue('colours', 'must be one of red', englishOf('en-US,en;q=0.9'))).toBe('Color (colours) must be one of red');
    expect(describeIssue('price_min', 'must be a whole number', 'en-us')).toBe('Minimum price (price_min) must be a whole number');
    expect(describeIssue('colours', 'must be one of red', englishOf('en-GB'))).toBe('Colour (colours) must be one of red');
    expect([englishOf(undefined), englishOf('fr-FR,en-US;q=0.5'), englishOf('EN-us')]).toEqual(['en-gb', 'en-gb', 'en-us']);
  });
});

describe('names of members every object inherits', () => {
  it.each(['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__', 'isPrototypeOf'])('%s=1 is an unknown parameter, echoed as sent and nothing more', (name) => {
    const gathered = gatherParams(`${name}=1`);
    if (!gathered.ok) throw new Error(gathered.issue.message);
    const parsed = parseGalleryParams(gathered.params);
    expect(parsed).toEqual({ ok: false, issue: { param: name, message: 'is not a gallery search parameter' } });
    const message = describeIssue(name, 'is not a gallery search parameter');
    expect(message).toBe(`${name} is not a gallery search parameter`);
    expect(message).not.toMatch(/function|native code|\[object/);
  });
});
