import fc from 'fast-check';

/**
 * The fuzz suites' shared parts (docs/FUZZING.md): junk generators for query strings, JSON
 * bodies, cookies and headers, and `fuzzEndpoint`, which throws them at one endpoint and checks
 * every answer: below 500, JSON when it should be, no stack trace, and nothing written by a
 * refusal. fast-check picks a fresh seed each run and prints it with any failure, so a failure
 * is replayed with `fc.assert(..., { seed, path })`.
 */

/**
 * FUZZ_SCALE multiplies every endpoint's base count. It is 5 unless set, so every test run
 * proves 10,000 cases per endpoint; `FUZZ_SCALE=1` is a quicker pass, a higher one a longer hunt.
 */
const SCALE = Number(process.env.FUZZ_SCALE ?? 5);
if (!(SCALE > 0)) throw new Error(`FUZZ_SCALE must be a positive number, not ${process.env.FUZZ_SCALE}`);

/** Cases per endpoint at FUZZ_SCALE=1: the whole fuzz suite in about a minute on two cores (docs/FUZZING.md). */
export const DEFAULT_RUNS = 2_000;

/** An endpoint's case count for this run. */
export const fuzzRuns = (base = DEFAULT_RUNS): number => Math.max(1, Math.round(base * SCALE));

/** A test's time limit for `runs` cases of about `msPerCase` each, with room for a busy machine. */
export const fuzzTimeout = (runs: number, msPerCase = 2): number => 30_000 + runs * msPerCase * 5;

/** Values that have broken parsers somewhere: empty, whitespace, quotes, numbers at their edges, prototype names, filter syntax. */
const NASTY = [
  '', ' ', '  \t', '0', '-1', '-0', '1.5', '1e3', '1e309', 'NaN', 'Infinity', '0x1f', '999999999999999999999', '007',
  'true', 'false', 'null', 'undefined', '[]', '{}', '[object Object]', '__proto__', 'constructor', 'prototype', 'toString',
  '"', "'", '\\', '`', '"quoted"', "it's", '\\"', '%', '%%', '+', '&', '=', '==', '#', '?', '/', '..', '../..', '/etc/passwd',
  '<script>alert(1)</script>', '${x}', '{{x}}', "' OR 1=1 --", '"; DROP TABLE users; --', 'a" OR "1"="1',
  'price_gbp > 0 OR 1 = 1', 'colours = "red" AND (', 'artist_slug IN [a, b]', '_geoRadius(0, 0, 1)', 'NOT', 'AND OR',
  '\u0000', '\u0007', '\r\n', '\u2028', '\uFEFF', '\u202E', '\uD800', '\uDFFF', '\uFFFF', 'é', 'e\u0301', 'ß', 'İ', '🎨', '👩‍🎨',
  '日本語', 'مرحبا', 'ＧＢＰ', 'gbp', 'GB ', ' GB', 'XX', 'ZZ', 'GBP,USD', 'a-', '-a', 'a--b', 'A-B', 'a_b', 'a.b',
];

/**
 * Text of any kind: nasty constants, arbitrary Unicode (lone surrogates included), and the
 * occasional long run (up to 10,000 characters: a request line or header past 16 KB never gets
 * through Node's HTTP parser; bodies get their own huge cases).
 */
export const junkText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('a', '9', '-', 'é', '%'), fc.constantFrom(101, 201, 1_000, 10_000)).map(([c, n]) => c.repeat(n)) },
);

/**
 * One of the values an endpoint accepts, or junk: the good ones let generated requests get past
 * the first check to the next. `goodWeight` against junk's 2: three times in five by default.
 */
export function goodOrJunk<T>(good: readonly T[], junk: fc.Arbitrary<T | string> = junkText, goodWeight = 3): fc.Arbitrary<T | string> {
  return good.length === 0 ? junk : fc.oneof({ weight: goodWeight, arbitrary: fc.constantFrom(...good) }, { weight: 2, arbitrary: junk });
}

/** %-escapes that are not UTF-8: a lone continuation byte, truncated sequences, an encoded surrogate, overlong forms, bad hex. */
const BAD_ESCAPES = ['%FF', '%C3', '%C3%28', '%E2%82', '%ED%A0%80', '%C0%AF', '%F4%90%80%80', '%80', '%', '%Z', '%4', '%%41', '%u00e9'];

/** encodeURIComponent, with lone surrogates (which it refuses) as U+FFFD; BAD_ESCAPES cover the bytes no text encodes to. */
export const encode = (text: string): string =>
  encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));

/** A query-string component as a browser, a careless client or an attacker might write it. */
const component = (text: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: text.map(encode) },
    { weight: 1, arbitrary: text.map((t) => encode(t).replace(/%20/g, '+')) },
    // Raw: '&', '=', '#' and '%' left in, splitting or cutting the query string.
    { weight: 1, arbitrary: text },
    { weight: 1, arbitrary: fc.tuple(text.map(encode), fc.constantFrom(...BAD_ESCAPES)).map(([t, bad]) => t + bad) },
  );

/**
 * A raw query string (no '?') over the endpoint's parameters: known names with their good
 * values or junk, unknown names, repeats and empty parts: 'slug=a&slug=%FF&&zz=1'.
 */
export const junkQuery = (params: Record<string, readonly string[]>): fc.Arbitrary<string> => {
  const names = Object.keys(params);
  const known = names.length === 0 ? [] : [{ weight: 4, arbitrary: fc.constantFrom(...names).chain((name) => component(goodOrJunk(params[name]!)).map((value) => `${encode(name)}=${value}`)) }];
  const part = fc.oneof(
    ...known,
    { weight: 1, arbitrary: fc.oneof(fc.tuple(component(junkText), component(junkText)).map(([name, value]) => `${name}=${value}`), component(junkText), fc.constantFrom('', '=', '==', '&', names[0] ?? 'x')) },
  );
  // Mostly a few parameters, so that some queries are valid all through; sometimes many.
  return fc.oneof(fc.array(part, { maxLength: 3 }), fc.array(part, { maxLength: 14 })).map((parts) => parts.join('&'));
};

/** A request body: text (JSON or not) or raw bytes, and the Content-Type it claims. */
export interface JunkBody {
  body: string | Uint8Array<ArrayBuffer>;
  contentType: string | null;
}

/**
 * Bodies for an endpoint taking a JSON object with these fields (each field's own generator,
 * usually good values or junk): the right fields with junk values, extra and missing fields,
 * valid JSON of every other shape, broken JSON, non-UTF-8 bytes, deep nesting and bodies past
 * any limit.
 */
export const junkJsonBody = (fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<JunkBody> => {
  const names = Object.keys(fields);
  const fieldValue = (name: string) => fc.oneof({ weight: 6, arbitrary: fields[name]! }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) });
  // Each field present four times in five, so that many bodies are whole; or a few of the fields,
  // as an edit naming only what changes is.
  const whole = fc.tuple(...names.map((name) => fc.option(fieldValue(name), { freq: 5, nil: undefined })))
    .map((values) => Object.fromEntries(names.flatMap((name, i) => (values[i] === undefined ? [] : [[name, values[i]]]))));
  const few = fc.subarray(names, { minLength: 1, maxLength: Math.min(3, names.length) })
    .chain((chosen) => fc.tuple(...chosen.map(fieldValue)).map((values) => Object.fromEntries(chosen.map((name, i) => [name, values[i]]))));
  const shaped = names.length === 0 ? whole : fc.oneof(whole, few);
  const withExtra = fc.tuple(shaped, fc.dictionary(fc.oneof(fc.constantFrom('__proto__', 'constructor', 'id', 'user_id', 'role', 'status'), junkText), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }))
    .map(([good, extra]) => ({ ...extra, ...good }));
  const text = fc.oneof(
    { weight: 14, arbitrary: shaped.map((value) => JSON.stringify(value)) },
    { weight: 2, arbitrary: withExtra.map((value) => JSON.stringify(value)) },
    // The prototype key as JSON text: JSON.parse makes it an own property, unlike an object literal.
    { weight: 1, arbitrary: shaped.map((value) => JSON.stringify(value).replace(/^\{/, '{"__proto__":{"role":"staff"},').replace(/,}$/, '}')) },
    { weight: 2, arbitrary: fc.json({ maxDepth: 3 }) },
    { weight: 1, arbitrary: shaped.map((value) => JSON.stringify(value).slice(0, -1)) },
    { weight: 1, arbitrary: junkText },
    { weight: 1, arbitrary: fc.constantFrom('', 'null', '[]', '{}', '"{}"', '{"a":1,}', "{'a':1}", '{"a":1}{"b":2}', '\uFEFF{}', '[[[[[[[[[[]]]]]]]]]]', '{"a":' + '['.repeat(5_000) + ']'.repeat(5_000) + '}') },
    { weight: 1, arbitrary: fc.constantFrom(20_000, 70_000, 1_100_000).map((n) => JSON.stringify({ [names[0] ?? 'a']: 'x'.repeat(n) })) },
  );
  const bytes = fc.uint8Array({ maxLength: 64 }).map((b) => new Uint8Array(b));
  const contentType = fc.oneof(
    { weight: 6, arbitrary: fc.constant('application/json') },
    { weight: 1, arbitrary: fc.constantFrom(null, 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', '') },
  );
  return fc.record({ body: fc.oneof({ weight: 9, arbitrary: text }, { weight: 1, arbitrary: bytes }), contentType });
};

/** Header-safe text: Latin-1 without control characters, as an HTTP parser lets through. */
export const headerText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).filter((c) => c !== 0x7f).map((c) => String.fromCharCode(c)), maxLength: 40 }),
  junkText.map((t) => t.replace(/[^\x20-\x7e\xa0-\xff]/g, '')),
  fc.constantFrom('%FF', '%C3%28', '%', '"', '""', ';', '=', 'a=b; c', '\xff\xfe', 'x'.repeat(8_000)),
);

/**
 * A Cookie header: the session cookie (one of `sessions`, good or ended, or junk), the three
 * settings cookies with their good values or junk, and unknown cookies.
 */
export const junkCookie = (sessions: readonly string[]): fc.Arbitrary<string | null> => {
  const pair = (name: string, good: readonly string[], goodWeight = 4) => goodOrJunk(good, headerText, goodWeight).map((value) => `${name}=${value}`);
  const part = fc.oneof(
    // Mostly a real session, so that requests get past the sign-in check to their own validation.
    { weight: 4, arbitrary: pair('sessionid', sessions, 10) },
    { weight: 1, arbitrary: pair('af-currency', ['GBP', 'USD', 'EUR', 'AUD', 'CAD']) },
    { weight: 1, arbitrary: pair('af-shipping', ['GB', 'US', 'FR', 'DE']) },
    { weight: 1, arbitrary: pair('af-locale', ['en-gb:cm', 'en-us:in', 'en-gb', ':in', 'xx:yy']) },
    { weight: 1, arbitrary: headerText },
  );
  return fc.option(fc.array(part, { minLength: 1, maxLength: 5 }).map((parts) => parts.join('; ')), { freq: 6 });
};

/** Headers a client may send that no endpoint should trip over, and a few that some read. */
export const junkHeaders: fc.Arbitrary<[string, string][]> = fc.array(
  fc.tuple(
    fc.constantFrom('accept', 'accept-language', 'if-none-match', 'idempotency-key', 'origin', 'referer', 'user-agent', 'x-forwarded-for', 'x-forwarded-proto', 'range', 'x-junk'),
    headerText,
  ),
  { maxLength: 3 },
);

/** What a leaked stack trace or server path looks like in a JSON body. */
const LEAKS = [/\\n\s+at \S/, /\bat [\w$.<>]+ \([^)]*:\d+:\d+\)/, /[\\/]node_modules[\\/]/, /\.[cm]?[jt]sx?:\d+:\d+/, /Error: [^"]*[\\/]\w+[\\/]/];

export interface FuzzOptions<T> {
  /** How the endpoint is named in the log: 'GET /api/product/'. */
  name: string;
  runs: number;
  arbitrary: fc.Arbitrary<T>;
  send: (input: T) => Response | Promise<Response>;
  /** Whether every answer with a body must be JSON; false for endpoints answering pictures. */
  json?: boolean;
  /**
   * A counter of rows written (SQLite's total_changes()); a refusal (4xx) must leave it where
   * it was. Called before and after each request.
   */
  writes?: () => Promise<number>;
  /** Called before each case, outside the write count: puts back what earlier cases used up. */
  prepare?: () => Promise<void>;
}

/** Throws `runs` generated requests at one endpoint; answers how many ran (and logs it). */
export async function fuzzEndpoint<T>({ name, runs, arbitrary, send, json = true, writes, prepare }: FuzzOptions<T>): Promise<number> {
  let cases = 0;
  const statuses = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(arbitrary, async (input) => {
      cases += 1;
      await prepare?.();
      const before = writes ? await writes() : 0;
      const response = await send(input);
      const bytes = new Uint8Array(await response.arrayBuffer());
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      const text = new TextDecoder().decode(bytes);
      const excerpt = text.slice(0, 300);
      if (response.status >= 500) throw new Error(`${name} answered ${response.status}: ${excerpt}`);
      const leak = LEAKS.find((pattern) => pattern.test(text));
      if (leak) throw new Error(`${name} answered with what looks like a stack trace or a server path (${leak}): ${excerpt}`);
      if (json && bytes.byteLength > 0) {
        try {
          JSON.parse(text);
        } catch {
          throw new Error(`${name} answered ${response.status} with a body that is not JSON: ${excerpt}`);
        }
      }
      if (writes && response.status >= 400) {
        const written = (await writes()) - before;
        if (written !== 0) throw new Error(`${name} refused with ${response.status} but wrote ${written} rows: ${excerpt}`);
      }
    }),
    { numRuns: runs },
  );
  const seen = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(' ');
  console.log(`fuzz: ${name}: ${cases} cases (${seen})`);
  return cases;
}
