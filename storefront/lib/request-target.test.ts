import { describe, expect, it } from 'vitest';
import { canonicalPath, judgeRequestLine, originForm, routePath } from './request-target';

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

describe('routePath: the path the router reads', () => {
  it.each([
    ['/api/account/login/', '/api/account/login/'],
    ['/api/account/%6cogin/', '/api/account/login/'],
    ['/api/account/%6Cogin/', '/api/account/login/'],
    ['/api/account/%4Cogin/', '/api/account/Login/'],
    ['/%61pi/%61ccount/login/', '/api/account/login/'],
    ['/api//account/login/', '/api/account/login/'],
    ['//api/account/login//', '/api/account/login/'],
    ['/', '/'],
    ['/artist/caf%C3%A9/', '/artist/café/'],
    ['/shop/a%20b/', '/shop/a b/'],
  ])('%s is %s', (raw, path) => {
    expect(routePath(raw)).toEqual({ path });
  });

  it.each([
    ['/api/account%2flogin/', 'escaped slash'],
    ['/api/account%2Flogin/', 'escaped slash'],
    ['/api/account%5clogin/', 'escaped backslash'],
    ['/api\\account/login/', 'backslash'],
    ['/api/account/login/.', 'trailing dot segment'],
    ['/api/account/login/%2e', 'escaped dot segment'],
    ['/api/account/x/../login/', 'dot-dot segment'],
    ['/api/account/x/%2E%2E/login/', 'escaped dot-dot segment'],
    ['/api/%ff/', 'bytes that are not UTF-8'],
    ['/api/%C3/', 'a cut UTF-8 sequence'],
    ['/api/%/', 'a lone percent sign'],
    ['/api/account/%256cogin/', 'an escaped percent sign, which a second decoding would turn into a letter'],
    ['/api/account/login%3F/', 'an escaped question mark'],
    ['/api/account/login%23/', 'an escaped hash'],
    ['/api/account/login%00/', 'NUL'],
    ['/api/account/login%0a/', 'a line feed'],
    ['api/account/login/', 'no leading slash'],
  ])('refuses %s (%s)', (raw) => {
    expect(routePath(raw).refusal).toMatch(/./);
  });

  it('writes a decoded path in one canonical form, which decodeURI (Hono\'s and Next.js\'s reading) reads back as the same path', () => {
    for (const path of ['/api/account/login/', '/artist/café/', '/shop/a b/', "/x/a:b@c$d&e+f,g;h=i!j'k(l)m*n~o/", '/x/[1]{2}<3>"4"^5`6|7/']) {
      const canonical = canonicalPath(path);
      expect(decodeURI(canonical)).toBe(path);
      expect(routePath(canonical)).toEqual({ path });
      expect(canonicalPath(routePath(canonical).path!)).toBe(canonical);
    }
    expect(canonicalPath('/artist/café/')).toBe('/artist/caf%C3%A9/');
  });
});

describe('judgeRequestLine (server.ts, before Next.js)', () => {
  it('hands on the canonical path with the query as sent', () => {
    expect(judgeRequestLine('POST', '/api/account/%6cogin/?next=%2F')).toEqual({ target: '/api/account/login/?next=%2F' });
    expect(judgeRequestLine('GET', '/shop//painting/')).toEqual({ target: '/shop/painting/' });
  });

  it('refuses TRACE and made-up methods with 405 and Allow, as JSON', () => {
    for (const method of ['TRACE', 'CONNECT', 'BREW']) {
      const { refusal } = judgeRequestLine(method, '/shop/');
      expect(refusal?.status).toBe(405);
      expect(refusal?.headers.Allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
      expect(refusal?.headers['Content-Type']).toBe('application/json');
      expect(JSON.parse(refusal!.body).error.message).toContain(method);
    }
  });

  it("refuses anything but reading a build's script or stylesheet with 405 and Allow, however the path is written", () => {
    for (const [method, target] of [['POST', '/_next/static/chunks/app.js'], ['DELETE', '/_next/%73tatic/css/site.css'], ['PUT', '/_next//static/x.js?v=1']] as const) {
      const { refusal } = judgeRequestLine(method, target);
      expect(refusal?.status).toBe(405);
      expect(refusal?.headers.Allow).toBe('GET, HEAD');
      expect(JSON.parse(refusal!.body).error).toMatchObject({ code: 'read_only' });
    }
    expect(judgeRequestLine('HEAD', '/_next/static/chunks/app.js')).toEqual({ target: '/_next/static/chunks/app.js' });
    expect(judgeRequestLine('POST', '/_next/image/')).toEqual({ target: '/_next/image/' });
  });

  it('refuses a path that names something else with a 400 naming the path', () => {
    for (const target of ['/api/%ff/', '/api/account/login/.', '/api/account%2flogin/?a=1']) {
      const { refusal } = judgeRequestLine('GET', target);
      expect(refusal?.status).toBe(400);
      expect(JSON.parse(refusal!.body).error).toMatchObject({ code: 'invalid_parameter', param: 'path' });
    }
  });
});
