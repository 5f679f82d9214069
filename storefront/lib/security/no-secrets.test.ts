import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '@easel/shared/env';

/**
 * No secret in the repository (docs/SECURITY.md, "Secrets"): the places secrets live are
 * ignored by git, and no tracked file holds anything shaped like one. The Meilisearch key is
 * generated on first start into var/meili/master-key (64 hex digits); an external engine's key
 * comes from the environment.
 */

const git = (...args: string[]) => execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' });

describe('secrets stay out of the repository', () => {
  it.each(['var/meili/master-key', 'var/easel.db', '.env', '.env.local', '.env.production', 'storefront/.next/static/x.js'])('git ignores %s', (file) => {
    expect(git('check-ignore', '--no-index', file).trim()).toBe(file);
  });

  it('keeps .env.example, the list of settings, which holds no secret', () => {
    // check-ignore exits 1 for a path it does not ignore.
    expect(() => git('check-ignore', '--no-index', '.env.example')).toThrow();
  });

  it('no tracked file holds a private key, a generated master key or a key set to a value', () => {
    const patterns = [
      /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
      // The shape of a generated master key; sha512 integrity hashes in the lock file are base64.
      /(?<![0-9a-f])[0-9a-f]{64}(?![0-9a-f])/,
      /MEILI_MASTER_KEY\s*=\s*['"]?[^\s'"#]{8,}/,
      /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/,
      /\bsk_live_[0-9a-zA-Z]{16,}/,
    ];
    const files = git('ls-files', '-z').split('\0').filter(Boolean);
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of files) {
      const full = path.join(REPO_ROOT, file);
      if (!fs.existsSync(full) || fs.statSync(full).size > 2_000_000) continue;
      const text = fs.readFileSync(full, 'utf8');
      for (const pattern of patterns) if (pattern.test(text)) found.push(`${file}: ${pattern}`);
    }
    expect(found).toEqual([]);
  });
});
