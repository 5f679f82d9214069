import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db';
import { addUser, openTemporaryDatabase, type TemporaryDatabase } from '../../test/fixtures';
import { ADDRESS_BOOK_SIZE, forgetAddress, getAddresses, rememberAddress, type AddressParts } from './addresses';

let temp: TemporaryDatabase;
let db: Db;
beforeAll(async () => {
  temp = await openTemporaryDatabase('addresses', { seed: 2, artworks: 10 });
  db = temp.db;
});
afterAll(() => temp.close());

const home: AddressParts = { name: 'Ada', line1: '12 St James’s Square', line2: null, city: 'London', region: null, postcode: 'SW1Y 4JH', country: 'GB' };
const at = (minute: number) => `2026-11-25T10:${String(minute).padStart(2, '0')}:00.000Z`;

describe('the address book', () => {
  it('keeps each address once, the one used last first', async () => {
    const user = await addUser(db, undefined, 'book1@example.com');
    const work = { ...home, line1: '1 Harbour Street', city: 'Bristol', postcode: 'BS1 4RN' };
    await rememberAddress(db, user, home, at(1));
    await rememberAddress(db, user, work, at(2));
    await rememberAddress(db, user, home, at(3));
    expect((await getAddresses(db, user)).map((a) => a.line1)).toEqual([home.line1, work.line1]);
  });

  it(`holds the ${ADDRESS_BOOK_SIZE} used last`, async () => {
    const user = await addUser(db, undefined, 'book2@example.com');
    for (let i = 0; i < ADDRESS_BOOK_SIZE + 2; i++) await rememberAddress(db, user, { ...home, line1: `${i} Long Road` }, at(i));
    const lines = (await getAddresses(db, user)).map((a) => a.line1);
    expect(lines).toHaveLength(ADDRESS_BOOK_SIZE);
    expect(lines[0]).toBe(`${ADDRESS_BOOK_SIZE + 1} Long Road`);
    expect(lines).not.toContain('0 Long Road');
  });

  it("removes only the shopper's own address", async () => {
    const [owner, other] = [await addUser(db, undefined, 'book3@example.com'), await addUser(db, undefined, 'book4@example.com')];
    await rememberAddress(db, owner, home, at(1));
    const [saved] = await getAddresses(db, owner);
    expect(await forgetAddress(db, other, saved!.id)).toBe(false);
    expect(await forgetAddress(db, owner, saved!.id)).toBe(true);
    expect(await getAddresses(db, owner)).toEqual([]);
  });
});
