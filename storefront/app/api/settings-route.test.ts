import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../lib/settings/defaults.fixture';
import { GET, OPTIONS, PUT } from './[[...route]]/route';

// The handlers' rules are tested in lib/settings/api.test.ts; this checks the API's route serves them.
describe('/api/u/ route', () => {
  it('serves GET, PUT and OPTIONS', async () => {
    const get = await GET(new NextRequest('http://shop.test/api/u/'));
    expect(await get.json()).toEqual(DEFAULT_SETTINGS);
    const put = await PUT(new NextRequest('http://shop.test/api/u/', { method: 'PUT', body: JSON.stringify({ currency: 'EUR' }) }));
    expect(put.status).toBe(400);
    const options = await OPTIONS(new NextRequest('http://shop.test/api/u/', { method: 'OPTIONS' }));
    expect(options.headers.get('allow')).toBe('GET, PUT, OPTIONS');
  });
});
