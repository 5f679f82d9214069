import { afterAll, describe, expect, it } from 'vitest';
import { openTemporaryDatabase } from '../../../data/test/fixtures';
import { clearSharedHomepageData, sharedHomepageData } from './shared-cache';

const temp = await openTemporaryDatabase('shared-cache');
afterAll(() => temp.close());

describe('shared homepage data', () => {
  it('answers a read that a clear overtakes, and keeps nothing from before the clear', async () => {
    let finish!: (value: { banner: string }) => void;
    const reading = sharedHomepageData(temp.db, 'banner', () => new Promise<{ banner: string }>((resolve) => { finish = resolve; }));
    await clearSharedHomepageData(temp.db);
    finish({ banner: 'before the change' });
    expect(await reading).toEqual({ banner: 'before the change' });
    expect(await sharedHomepageData(temp.db, 'banner', async () => ({ banner: 'after the change' }))).toEqual({ banner: 'after the change' });
  });
});
