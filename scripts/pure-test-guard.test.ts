import { describe, expect, it } from 'vitest';
import { openDatabase } from '@easel/data/db';
import { startTsx } from '@easel/shared/process';

describe('the unit project keeps its tests pure', () => {
  it('refuses a database, naming the project the test belongs in', async () => {
    await expect(openDatabase(':memory:')).rejects.toThrow(/integration/);
  });

  it('refuses a child process', () => {
    expect(() => startTsx('scripts/start.ts', [])).toThrow(/a child process in a pure test/);
  });
});
