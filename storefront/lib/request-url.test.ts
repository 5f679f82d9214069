import { describe, expect, it } from 'vitest';
import { pageUrl } from './request-url';

describe('pageUrl: the page\'s address on the configured site', () => {
  it('puts the path and query on the site\'s origin, whatever Host the request named', () => {
    expect(pageUrl('/product/blue-harbour/?language=en-us', 'https://easel.example/')?.href).toBe('https://easel.example/product/blue-harbour/?language=en-us');
    expect(pageUrl('/shop/', 'http://127.0.0.1:3000')?.href).toBe('http://127.0.0.1:3000/shop/');
  });

  it('never lets the path name another host', () => {
    for (const path of ['//evil.example/shop/', '/\\evil.example/', '/@evil.example/']) expect(pageUrl(path, 'https://easel.example')?.host).toBe('easel.example');
    expect(pageUrl('http://evil.example/', 'https://easel.example')).toBeNull();
    expect(pageUrl(null, 'https://easel.example')).toBeNull();
  });
});
