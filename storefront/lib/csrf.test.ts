import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { proxy } from '../proxy';
import { isCrossSiteRequest, isGuardedPath } from './csrf';

const request = (method: string, headers: Record<string, string> = {}) => ({ method, headers: new Headers(headers) });
const ORIGIN = 'http://shop.test:3000';

describe('isCrossSiteRequest', () => {
  it('lets reads through whoever sends them', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) expect(isCrossSiteRequest(request(method, { 'Sec-Fetch-Site': 'cross-site' }), ORIGIN)).toBe(false);
  });

  it('lets a state-changing request through when the browser says it is same-origin or typed in', () => {
    for (const site of ['same-origin', 'none']) expect(isCrossSiteRequest(request('POST', { 'Sec-Fetch-Site': site }), ORIGIN)).toBe(false);
  });

  it('refuses another site\'s, or a sibling subdomain\'s, request whatever its Origin says', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(isCrossSiteRequest(request(method, { 'Sec-Fetch-Site': 'cross-site', Origin: 'http://shop.test:3000' }), ORIGIN)).toBe(true);
      expect(isCrossSiteRequest(request(method, { 'Sec-Fetch-Site': 'same-site' }), ORIGIN)).toBe(true);
    }
  });

  it('falls back to Origin when the browser sends no Sec-Fetch-Site, comparing scheme, host and port', () => {
    expect(isCrossSiteRequest(request('POST', { Origin: 'http://shop.test:3000' }), ORIGIN)).toBe(false);
    expect(isCrossSiteRequest(request('POST', { Origin: 'https://shop.test:3000' }), ORIGIN)).toBe(true);
    expect(isCrossSiteRequest(request('POST', { Origin: 'http://shop.test:3001' }), ORIGIN)).toBe(true);
    expect(isCrossSiteRequest(request('POST', { Origin: 'http://SHOP.test:3000' }), ORIGIN)).toBe(false);
    expect(isCrossSiteRequest(request('POST', { Origin: 'https://shop.test' }), 'https://shop.test:443')).toBe(false);
    expect(isCrossSiteRequest(request('POST', { Origin: 'http://evil.test' }), ORIGIN)).toBe(true);
    expect(isCrossSiteRequest(request('POST', { Origin: 'http://shop.test' }), ORIGIN)).toBe(true);
    expect(isCrossSiteRequest(request('POST', { Origin: 'null' }), ORIGIN)).toBe(true);
  });

  it('refuses a state-changing request that carries neither header', () => {
    expect(isCrossSiteRequest(request('POST'), ORIGIN)).toBe(true);
  });
});

describe('isGuardedPath', () => {
  it('covers the JSON endpoints and nothing else', () => {
    expect(isGuardedPath('/api/account/login/')).toBe(true);
    expect(isGuardedPath('/collections/api/add/')).toBe(true);
    expect(isGuardedPath('/t/event/')).toBe(true);
    expect(isGuardedPath('/tea/')).toBe(false);
    expect(isGuardedPath('/editors-picks/themes/')).toBe(true);
    expect(isGuardedPath('/dashboard/marketing/api/campaign/')).toBe(true);
    expect(isGuardedPath('/shop/')).toBe(false);
    expect(isGuardedPath('/apiary/')).toBe(false);
  });
});

const call = (path: string, init: ConstructorParameters<typeof NextRequest>[1] = {}) => proxy(new NextRequest(`http://shop.test${path}`, init));

describe('the proxy', () => {
  it('refuses a POST whose Origin names this host under another scheme or port', async () => {
    for (const origin of ['https://shop.test', 'http://shop.test:8080']) {
      const response = await call('/api/account/', { method: 'POST', headers: { Origin: origin }, body: '{}' });
      expect(response.status).toBe(403);
    }
  });

  it('refuses a cross-site POST to an API with 403 in the error shape', async () => {
    const response = await call('/api/account/login/', { method: 'POST', headers: { 'Sec-Fetch-Site': 'cross-site' }, body: '{}' });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: 'forbidden' } });
  });

  it('passes a same-origin POST, and any GET, on to the route', async () => {
    const allowed: { method: string; headers?: Record<string, string> }[] = [
      { method: 'POST', headers: { 'Sec-Fetch-Site': 'same-origin' } }, { method: 'POST', headers: { Origin: 'http://shop.test' } }, { method: 'GET' },
    ];
    for (const init of allowed) {
      const response = await call('/api/account/', init);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-middleware-next')).toBe('1');
    }
  });

  it('shows a visitor the not-found page in place of a staff page', async () => {
    const response = await call('/staff/index/');
    expect(new URL(response.headers.get('x-middleware-rewrite')!).pathname).toBe('/not-found/');
  });

  it('still tells pages their address', async () => {
    const response = await call('/shop/?colours=red');
    expect(response.headers.get('x-middleware-request-x-easel-path')).toBe('/shop/?colours=red');
  });
});
