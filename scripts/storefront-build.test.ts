import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '@easel/shared/env';
import { precompressBuildAssets, recordStorefrontBuild, storefrontBuildIsStale, storefrontSources } from './storefront-build';

const temporary: string[] = [];
afterEach(() => {
  for (const dir of temporary.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A repository of workspaces, each `[dir, name, workspace dependencies]`, with one source file each. */
function repository(workspaces: [string, string, string[]][]): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'easel-build-'));
  temporary.push(root);
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write('package.json', JSON.stringify({ workspaces: workspaces.map(([dir]) => dir) }));
  for (const [dir, name, dependencies] of workspaces) {
    write(`${dir}/package.json`, JSON.stringify({ name, dependencies: Object.fromEntries([...dependencies, 'zod'].map((d) => [d, '*'])) }));
    write(`${dir}/src/index.ts`, 'export {};\n');
  }
  write('storefront/.next/BUILD_ID', 'x');
  return root;
}

const touch = (file: string, mtime: Date) => fs.utimesSync(file, mtime, mtime);

describe('the storefront build', () => {
  it('watches every workspace package the storefront bundles, directly or through another, and no other', () => {
    const root = repository([['storefront', '@x/storefront', ['@x/search']], ['search', '@x/search', ['@x/common']], ['common', '@x/common', []], ['tools', '@x/tools', ['@x/common']]]);
    const sources = storefrontSources(root);
    expect(sources).toEqual(expect.arrayContaining(['storefront/lib', 'search/src', 'search/package.json', 'common/src', 'common/package.json', 'package-lock.json']));
    expect(sources.filter((s) => s.startsWith('tools/'))).toEqual([]);
  });

  it('covers the workspaces this repository\'s storefront imports', () => {
    expect(storefrontSources(REPO_ROOT)).toEqual(expect.arrayContaining(['shared/src', 'data/src', 'indexer/src', 'search-service/src']));
  });

  it('is stale when a source two workspaces away changes, and not for a test or an unrelated workspace', () => {
    const root = repository([['storefront', '@x/storefront', ['@x/search']], ['search', '@x/search', ['@x/common']], ['common', '@x/common', []], ['tools', '@x/tools', []]]);
    const past = new Date(Date.now() - 60_000);
    for (const dir of ['storefront', 'search', 'common', 'tools']) touch(path.join(root, dir, 'src/index.ts'), past);
    for (const dir of ['storefront', 'search', 'common', 'tools']) touch(path.join(root, dir, 'package.json'), past);
    touch(path.join(root, 'package.json'), past);
    recordStorefrontBuild(root);
    expect(storefrontBuildIsStale(root)).toBe(false);

    fs.writeFileSync(path.join(root, 'common/src/index.test.ts'), 'export {};\n');
    fs.writeFileSync(path.join(root, 'tools/src/index.ts'), 'export const changed = 1;\n');
    expect(storefrontBuildIsStale(root)).toBe(false);

    fs.writeFileSync(path.join(root, 'common/src/index.ts'), 'export const changed = 1;\n');
    expect(storefrontBuildIsStale(root)).toBe(true);
  });
});

describe('precompressBuildAssets', () => {
  it("writes each script and stylesheet beside itself in Brotli, in every folder, and nothing else", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'easel-static-'));
    temporary.push(dir);
    const files = { 'chunks/app.js': 'export const works = ['.concat('"a painting", '.repeat(500), '];\n'), 'css/site.css': 'body { margin: 0 }\n', 'media/logo.png': 'not text' };
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
    await precompressBuildAssets(dir);
    for (const name of ['chunks/app.js', 'css/site.css']) {
      expect(brotliDecompressSync(fs.readFileSync(path.join(dir, `${name}.br`))).toString()).toBe(files[name as keyof typeof files]);
    }
    expect(fs.statSync(path.join(dir, 'chunks/app.js.br')).size).toBeLessThan(files['chunks/app.js'].length / 10);
    expect(fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => /\.(br|tmp)$/.test(name)).sort()).toEqual(['chunks/app.js.br', 'css/site.css.br']);
  });
});
