import { describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '@easel/shared/api-error-body';
import { haproxyConfig } from './haproxy';

describe("HAProxy's own error pages", () => {
  it('are JSON bodies in the shape and with the codes every other answer has', () => {
    const config = haproxyConfig({
      services: [{ name: 'search', listen: { host: '127.0.0.1', port: 1 }, servers: [{ name: 'a', address: '127.0.0.1:2' }], healthPath: '/healthz', answerTimeoutMs: 900, checkTimeoutMs: 300 }],
      stats: { host: '127.0.0.1', port: 3 },
    });
    const pages = [...config.matchAll(/^ {2}http-error status (\d+) content-type application\/json string '([^']*)'/gm)]
      .map(([, status, body]) => [Number(status), apiErrorBodySchema.parse(JSON.parse(body!)).error.code]);
    expect(pages).toEqual([[503, 'unavailable'], [502, 'bad_gateway'], [504, 'gateway_timeout']]);
  });
});
