import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The storefront bundles what this package exports into browser code, so an exported module
 * must not reach Node's built-ins (or a server-only package) at run time, however indirectly.
 */

const PACKAGE_DIR = path.resolve(import.meta.dirname, '..');
const EXPORTS = JSON.parse(fs.readFileSync(path.join(PACKAGE_DIR, 'package.json'), 'utf8')).exports as Record<string, string>;
const RESOLUTION: ts.CompilerOptions = { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler };
/** Exports only the alert matcher reads, in the indexer's process: never bundled for a browser. */
const SERVER_ONLY = ['./alert-match', './meili-request'];
/** Packages that run in a browser as they are. */
const BROWSER_PACKAGES = ['zod', 'zod/mini', 'fastest-levenshtein'];

/** The specifiers a file loads when it runs: with verbatimModuleSyntax only `import type`/`export type` are erased. */
function runtimeSpecifiers(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  return source.statements.flatMap((s) => {
    if (ts.isImportDeclaration(s) && !s.importClause?.isTypeOnly) return [(s.moduleSpecifier as ts.StringLiteral).text];
    if (ts.isExportDeclaration(s) && s.moduleSpecifier && !s.isTypeOnly) return [(s.moduleSpecifier as ts.StringLiteral).text];
    return [];
  });
}

/** Every package loaded at run time from `entry`, following relative and workspace (source) imports. */
function runtimePackages(entry: string): string[] {
  const files = new Set([entry]);
  const packages = new Set<string>();
  for (const file of files) {
    for (const specifier of runtimeSpecifiers(file)) {
      const isBuiltin = specifier.startsWith('node:') || builtinModules.includes(specifier);
      const resolved = isBuiltin ? undefined : ts.resolveModuleName(specifier, file, RESOLUTION, ts.sys).resolvedModule?.resolvedFileName;
      if (resolved && !resolved.includes('/node_modules/') && !resolved.endsWith('.d.ts')) files.add(resolved);
      else packages.add(specifier);
    }
  }
  return [...packages].sort();
}

describe('the modules this package exports', () => {
  it.each(Object.entries(EXPORTS).filter(([name]) => !SERVER_ONLY.includes(name)))('%s (%s) loads nothing a browser lacks', (_, file) => {
    expect(runtimePackages(path.join(PACKAGE_DIR, file)).filter((p) => !BROWSER_PACKAGES.includes(p))).toEqual([]);
  });

  it('are checked through workspace packages down to their Node imports', () => {
    // The engine adapter reaches node:crypto through the indexer's settings module.
    expect(runtimePackages(path.join(PACKAGE_DIR, 'src/meili-request.ts'))).toContain('node:crypto');
  });
});
