import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSettingsChoices, putSettings } from './client';
import { buildUserSettings, VISITOR_FACTS } from './entity';
import { getSettingsOptions } from './options';

const choice = { currency: 'EUR', country: 'IE', display_units: 'cm', language: 'en-gb' } as const;

function answer(status: number, body: unknown) {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => Response.json(body, { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('putSettings', () => {
  it('PUTs the four choices as JSON and answers the saved settings', async () => {
    const saved = buildUserSettings(choice, VISITOR_FACTS);
    const fetch = answer(200, saved);
    expect(await putSettings(choice)).toEqual(saved);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/u/');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toEqual(choice);
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it('fails with the server\'s own message', async () => {
    answer(400, { error: { code: 'invalid_parameter', message: 'country must be an ISO 3166-1 country code such as GB or US.', param: 'country' } });
    await expect(putSettings(choice)).rejects.toThrow('country must be an ISO 3166-1 country code such as GB or US.');
  });

  it('fails plainly when the server answers something else', async () => {
    answer(502, '<html>Bad gateway</html>');
    await expect(putSettings(choice)).rejects.toThrow('The server answered 502.');
  });

  it('fails when a success does not hold settings', async () => {
    answer(200, { currency: 'EUR' });
    await expect(putSettings(choice)).rejects.toThrow();
  });
});

describe('getSettingsChoices', () => {
  it('asks OPTIONS for the choices in the given language', async () => {
    const fetch = answer(200, getSettingsOptions('en-us'));
    expect((await getSettingsChoices('en-us')).display_units[0]?.display_name).toBe('Centimeters');
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/u/?language=en-us');
    expect(fetch.mock.calls[0]?.[1].method).toBe('OPTIONS');
  });
});
