import { NextResponse } from 'next/server';
import { describe, expect, it } from 'vitest';
import { CookieAttributeError, isCookieAttributeSafe, setCookies } from './cookies';

describe('isCookieAttributeSafe (SPEC §5)', () => {
  it.each(['/', '/shop/painting/', 'easel.example', '.easel.example', '/café/', '/¡olé!/'])('accepts printable Latin-1: %s', (value) => {
    expect(isCookieAttributeSafe(value)).toBe(true);
  });

  it.each([
    ['a character beyond Latin-1', '/галерея/'],
    ['an emoji', '/🎨/'],
    ['a control character', '/shop\n/'],
    ['a tab', 'easel\t.example'],
    ['DEL', '/\u007f'],
    ['a C1 control', '/\u0085'],
    ['a semicolon, which would end the attribute', '/; Secure'],
  ])('refuses %s', (_, value) => {
    expect(isCookieAttributeSafe(value)).toBe(false);
  });
});

describe('setCookies', () => {
  const attributes = { path: '/', maxAge: 60, secure: false };

  it('writes each cookie with the attributes, SameSite=Lax and HttpOnly', () => {
    const response = NextResponse.json({});
    setCookies(response, { a: '1', b: '2' }, { ...attributes, domain: 'easel.example' });
    const set = response.headers.getSetCookie();
    expect(set.map((cookie) => cookie.split(';')[0])).toEqual(['a=1', 'b=2']);
    for (const cookie of set) expect(cookie).toMatch(/; Path=\/;.* Max-Age=60; Domain=easel\.example; HttpOnly; SameSite=lax$/i);
  });

  it.each([
    ['domain', { ...attributes, domain: 'éasel.例え.jp' }],
    ['path', { ...attributes, path: '/ギャラリー/' }],
  ])('refuses a %s outside printable Latin-1 and writes nothing', (attribute, bad) => {
    const response = NextResponse.json({});
    expect(() => setCookies(response, { a: '1', b: '2' }, bad)).toThrow(CookieAttributeError);
    expect(() => setCookies(response, { a: '1' }, bad)).toThrow(new RegExp(`the ${attribute} .* outside printable Latin-1`));
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});
