import { describe, expect, it } from 'vitest';
import { originForm } from './request-target';

describe('originForm', () => {
  it.each([
    ['/shop/?a=1', '/shop/?a=1'],
    ['//evil.example/shop', '//evil.example/shop'],
    ['http://evil.example/shop?a=1', '/shop?a=1'],
    ['https://evil.example', '/'],
    ['http://evil.example//evil2.example/', '//evil2.example/'],
    ['*', '/'],
    ['javascript:alert(1)', '/'],
  ])('%s -> %s', (target, path) => {
    expect(originForm(target)).toBe(path);
  });
});
