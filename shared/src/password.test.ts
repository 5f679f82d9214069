import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('password hashes', () => {
  it('verify the password they were made from and nothing else', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('salt each password afresh, so equal passwords hash differently', async () => {
    const [a, b] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same password', b)).toBe(true);
  });

  it('read the cost from the hash, so hashes made with other parameters still verify', async () => {
    const stored = await hashPassword('raised later');
    const [, , , , salt] = stored.split('$');
    const { scryptSync } = await import('node:crypto');
    const cheaper = `scrypt$1024$8$1$${salt}$${scryptSync('raised later', Buffer.from(salt!, 'base64url'), 32, { N: 1024, r: 8, p: 1 }).toString('base64url')}`;
    expect(await verifyPassword('raised later', cheaper)).toBe(true);
    expect(await verifyPassword('not it', cheaper)).toBe(false);
  });

  it('match nothing against a malformed hash', async () => {
    for (const stored of ['', 'x', 'bcrypt$1$2$3$a$b', 'scrypt$0$8$1$abc$def', 'scrypt$1024$8$1$abc$short']) {
      expect(await verifyPassword('anything', stored)).toBe(false);
    }
  });
});
