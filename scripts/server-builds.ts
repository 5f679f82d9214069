import path from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';

/**
 * The two Node servers `npm start` runs, compiled to plain JavaScript before each start (well
 * under a second), so no TypeScript is compiled while they serve. Each is one file holding its
 * own code and the workspace packages it imports; other packages stay imports, found in
 * node_modules at run time. The files sit two folders below the repository root, as
 * data/src/config.ts does, so REPO_ROOT means the same compiled or not. `nodeFlags` are what
 * Node runs each with, wherever it is started (npm start, the cluster, the benchmarks).
 */
export const SERVERS = {
  search: {
    entry: 'search-service/src/server.ts',
    outfile: 'search-service/dist/server.mjs',
    // A young generation of 64 MB, so that fewer of the searches' short-lived objects meet a
    // collection: flat out, 6 to 7% less of the service's processor time an answer and about
    // 3% more answers, for 112 MiB more at peak (docs/PERFORMANCE.md).
    nodeFlags: ['--enable-source-maps', '--max-semi-space-size=64'],
  },
  storefront: {
    entry: 'storefront/server.ts',
    outfile: 'storefront/dist/server.mjs',
    // The same for the pages' renders: at 8 connections, 6 to 12% less processor time a gallery
    // page and 6% a product page (docs/PERFORMANCE.md, "Pages").
    nodeFlags: ['--enable-source-maps', '--max-semi-space-size=64'],
  },
} as const;

export type ServerName = keyof typeof SERVERS;

/** Node's arguments to run a compiled server as every starter does: its flags, then its file. */
export function serverArgs(repoRoot: string, name: ServerName): string[] {
  return [...SERVERS[name].nodeFlags, path.join(repoRoot, SERVERS[name].outfile)];
}

/** Workspace packages (TypeScript) are compiled in; every other package is left to Node. */
const packagesStayImports: Plugin = {
  name: 'packages-stay-imports',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@easel/') ? undefined : { path: args.path, external: true }));
  },
};

/** Compiles one server; answers what went into it. */
export async function buildServer(repoRoot: string, name: ServerName): Promise<Metafile> {
  const { entry, outfile } = SERVERS[name];
  const result = await build({
    entryPoints: [path.join(repoRoot, entry)],
    outfile: path.join(repoRoot, outfile),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
    plugins: [packagesStayImports],
  });
  return result.metafile;
}
