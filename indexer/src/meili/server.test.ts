import { describe, expect, it } from 'vitest';
import { assertSupportedMeiliVersion, MeiliStartError } from './server';

describe('assertSupportedMeiliVersion', () => {
  it.each(['1.21.0', '1.22.3', '1.99.0', 'v1.21.1', '1.21.0-rc.2'])('accepts %s', (version) => {
    expect(() => assertSupportedMeiliVersion(version, 'http://x')).not.toThrow();
  });

  it.each([
    ['1.20.9', /^Meilisearch 1\.20\.9 at http:\/\/x is too old: .*1\.21.*below 2\.0.*unset MEILI_URL.*1\.21\.0\.$/],
    ['1.12.3', /too old/],
    ['0.30.0', /too old/],
    ['2.0.0', /^Meilisearch 2\.0\.0 at http:\/\/x is too new: .*unset MEILI_URL/],
    ['garbage', /unreadable version "garbage"/],
  ])('rejects %s with one sentence', (version, message) => {
    let error: unknown;
    try {
      assertSupportedMeiliVersion(version, 'http://x');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MeiliStartError);
    const text = (error as Error).message;
    expect(text).toMatch(message);
    // one sentence: a single full stop, at the end
    expect(text.replace(/\d\.\d/g, '').match(/\.(\s|$)/g)).toHaveLength(1);
  });

  it('names MEILI_BIN when a custom binary is at fault', () => {
    expect(() => assertSupportedMeiliVersion('1.2.0', 'bin', 'MEILI_BIN')).toThrow(/unset MEILI_BIN/);
  });
});
