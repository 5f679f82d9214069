import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { afterEach, describe, expect, it } from 'vitest';

const CONFIG = join(import.meta.dirname, '..', '.dependency-cruiser.cjs');

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

/** Cruises a made-up tree (path -> source) with the project's rules: the broken rules, as "rule: from -> to". */
async function violationsIn(files: Record<string, string>): Promise<string[]> {
  dir = await mkdtemp(join(tmpdir(), 'easel-dependency-rules-'));
  for (const [path, source] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), source);
  }
  const options = await extractDepcruiseOptions(CONFIG);
  const { output } = await cruise(['.'], { ...options, baseDir: dir });
  return (output as ICruiseResult).summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

describe('the dependency rules', () => {
  it('refuse a cycle between two modules of one floor', async () => {
    expect(await violationsIn({
      'storefront/lib/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'storefront/lib/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
    })).toEqual(['no-circular: storefront/lib/a.ts -> storefront/lib/b.ts']);
  });

  it('refuse a cycle made of type-only imports too', async () => {
    expect(await violationsIn({
      'indexer/src/a.ts': "import type { B } from './b';\nexport interface A { b: B }\n",
      'indexer/src/b.ts': "import type { A } from './a';\nexport interface B { a: A }\n",
    })).toEqual(['no-circular: indexer/src/a.ts -> indexer/src/b.ts']);
  });

  it('refuse an import from a floor above, and let the floor above import it', async () => {
    expect(await violationsIn({
      'data/src/rows.ts': "import { doc } from '../../indexer/src/doc';\nexport const rows = [doc];\n",
      'indexer/src/doc.ts': 'export const doc = 1;\n',
      'storefront/lib/use-thing.ts': "import { Thing } from '../components/thing';\nexport const useThing = () => Thing;\n",
      'storefront/components/thing.tsx': 'export const Thing = 1;\n',
      'storefront/app/page.tsx': "import { Thing } from '../components/thing';\nimport { useThing } from '../lib/use-thing';\nexport default [Thing, useThing];\n",
      'shared/src/words.ts': "import { rows } from '../../data/src/rows';\nexport const words = rows;\n",
    })).toEqual([
      'no-upward-from-data: data/src/rows.ts -> indexer/src/doc.ts',
      'no-upward-from-shared: shared/src/words.ts -> data/src/rows.ts',
      'no-upward-from-storefront-lib: storefront/lib/use-thing.ts -> storefront/components/thing.tsx',
    ]);
  });

  it('keep scripts and test helpers out of the product, and let tests and scripts use it', async () => {
    expect(await violationsIn({
      'indexer/src/rebuild.ts': "import { fixture } from '../test/fixture';\nexport const rebuild = fixture;\n",
      'indexer/test/fixture.ts': "import { later } from '../../scripts/later';\nexport const fixture = later;\n",
      'scripts/later.ts': "import { page } from '../storefront/app/page';\nexport const later = page;\n",
      'storefront/app/page.tsx': 'export const page = 1;\n',
    })).toEqual(['no-tooling-in-floors: indexer/src/rebuild.ts -> indexer/test/fixture.ts']);
  });

  it('let a test reach a fixture on any floor', async () => {
    expect(await violationsIn({
      'data/src/rows.test.ts': "import { card } from '../../search-service/src/card.fixture';\nexport const rows = [card];\n",
      'search-service/src/card.fixture.ts': 'export const card = 1;\n',
    })).toEqual([]);
  });
});
