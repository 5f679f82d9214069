import { vi } from 'vitest';

/**
 * The `unit` project's setup: its tests are pure, so a test there that opens a database, starts
 * a process or reaches for the run's Meilisearch fails at once, naming the project it belongs in.
 */
const refuse = (what: string) => {
  throw new Error(`${what} in a pure test: list this file in the "integration" project (vitest.config.ts)`);
};

vi.mock('better-sqlite3', () => ({
  default: class {
    constructor() {
      refuse('a SQLite database');
    }
  },
}));
vi.mock('pg', () => {
  const Refused = class {
    constructor() {
      refuse('a PostgreSQL connection');
    }
  };
  return { default: { Pool: Refused, Client: Refused }, Pool: Refused, Client: Refused };
});
vi.mock('@easel/shared/process', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@easel/shared/process')>()),
  startProcess: () => refuse('a child process'),
  startTsx: () => refuse('a child process'),
}));
