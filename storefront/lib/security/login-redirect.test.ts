import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailedToken, openTemporaryDatabase, type TemporaryDatabase } from '../../../data/test/fixtures';
import { accountRoutes } from '../account/api';
import { callable, noLoginLimits } from '../api/testing';

/**
 * Redirects after log-in (docs/SECURITY.md, "Log-in"): the site has none to abuse. Log-in and
 * join happen in an overlay on the page the shopper is on, confirming an email on its own page,
 * all answer JSON, and the page carries on with what it was doing
 * (components/account/account-provider.tsx whenSignedIn). So whatever return address a crafted
 * link adds, the answer sends the browser nowhere.
 */

const HOSTILE = [
  'https://evil.example/', '//evil.example/', '/\\evil.example/', '\\\\evil.example', 'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>', 'http:evil.example', '/%2F%2Fevil.example', '%2F%2Fevil.example',
];
const PARAMETERS = ['next', 'return_to', 'returnTo', 'redirect', 'redirect_to', 'url', 'continue'];

let temp: TemporaryDatabase;
beforeAll(async () => {
  temp = await openTemporaryDatabase('login-redirect');
});
afterAll(() => temp.close());

const call = callable(accountRoutes({ getDb: async () => temp.db, loginLimits: noLoginLimits }));
const handlers = () => ({ join: call, confirm: call, login: call });
const post = (path: string, query: string, body: unknown) =>
  new NextRequest(`http://shop.test${path}?${query}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('log-in and join send the browser nowhere, whatever return address they are given', () => {
  let joined = 0;
  it.each(HOSTILE)('%s', async (target) => {
    const query = PARAMETERS.map((p) => `${p}=${encodeURIComponent(target)}`).join('&');
    joined += 1;
    const email = `shopper${joined}@example.com`;
    const password = 'a-long-enough-password';
    const answers = [
      [await handlers().join(post('/api/account/join/', query, { name: 'Shopper', email, password })), 201],
      [await handlers().confirm(post('/api/account/confirm/', query, { token: await mailedToken(temp.db, email), password })), 200],
      [await handlers().login(post('/api/account/login/', query, { email, password })), 200],
    ] as const;
    for (const [answer, status] of answers) {
      expect(answer.status).toBe(status);
      expect(answer.headers.get('location')).toBeNull();
      expect(answer.headers.get('refresh')).toBeNull();
      expect(answer.headers.get('content-type')).toContain('application/json');
      expect(await answer.text()).not.toContain('evil.example');
    }
  });
});
