import fs from 'node:fs';
import path from 'node:path';

/** What the storefront is compiled from: its own files and the workspace sources it imports. */
const SOURCE_ROOTS = ['storefront/app', 'storefront/components', 'storefront/lib', 'storefront/proxy.ts', 'storefront/instrumentation-client.ts', 'storefront/next.config.ts', 'storefront/tsconfig.json', 'storefront/package.json', 'data/src', 'indexer/src', 'search-service/src', 'package-lock.json'];
const STAMP = 'storefront/.next/easel-build-stamp.json';

interface Stamp {
  newestSourceMs: number;
}

/** Whether `next build` must run: no build yet, or a source newer than the last build. */
export function storefrontBuildIsStale(repoRoot: string): boolean {
  try {
    const stamp = JSON.parse(fs.readFileSync(path.join(repoRoot, STAMP), 'utf8')) as Stamp;
    if (!fs.existsSync(path.join(repoRoot, 'storefront/.next/BUILD_ID'))) return true;
    return newestSourceMs(repoRoot) > stamp.newestSourceMs;
  } catch {
    return true;
  }
}

export function recordStorefrontBuild(repoRoot: string): void {
  const stamp: Stamp = { newestSourceMs: newestSourceMs(repoRoot) };
  fs.writeFileSync(path.join(repoRoot, STAMP), JSON.stringify(stamp));
}

function newestSourceMs(repoRoot: string): number {
  let newest = 0;
  const visit = (p: string) => {
    const stat = fs.statSync(p, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p)) if (entry !== 'node_modules' && !entry.startsWith('.')) visit(path.join(p, entry));
    } else if (!/\.test\.tsx?$/.test(p)) {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const root of SOURCE_ROOTS) visit(path.join(repoRoot, root));
  return newest;
}
