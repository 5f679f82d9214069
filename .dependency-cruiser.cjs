/**
 * The floors of the system, lowest first. A floor may import only the floors below it, so a
 * change low down never has to know about the code that uses it; docs/ARCHITECTURE.md draws them.
 */
const floors = [
  { name: 'shared', path: '^shared/' },
  { name: 'data', path: '^data/' },
  { name: 'indexer', path: '^indexer/' },
  { name: 'search-service', path: '^search-service/' },
  { name: 'storefront-lib', path: '^storefront/lib/' },
  { name: 'storefront-components', path: '^storefront/components/' },
  // The pages and route handlers, and the entry points beside them (server.ts, proxy.ts, …).
  { name: 'storefront-app', path: '^storefront/(app/|[^/]+\\.tsx?$)' },
];

/**
 * Tooling stands on the floors rather than in them: scripts, load tests, each part's test/ and
 * bench/ folders, and test and fixture files (a test may reach for any fixture it needs).
 */
const toolingFolders = ['^(scripts|k6)/', '^[^/]+/(test|bench)/'];
const tooling = [...toolingFolders, '(\\.test\\.tsx?|\\.fixture\\.tsx?)$'];

const upwardRules = floors.slice(0, -1).map((floor, index) => ({
  name: `no-upward-from-${floor.name}`,
  comment: `${floor.name} may import only the floors below it (see docs/ARCHITECTURE.md).`,
  severity: 'error',
  from: { path: floor.path, pathNot: tooling },
  to: { path: floors.slice(index + 1).map((above) => above.path) },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle means neither module can be understood, tested or moved without the other.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...upwardRules,
    {
      name: 'no-tooling-in-floors',
      comment: 'Scripts, load tests, benches and test helpers stand on the floors; the product never loads them.',
      severity: 'error',
      from: { path: floors.map((floor) => floor.path), pathNot: tooling },
      to: { path: toolingFolders },
    },
  ],
  options: {
    includeOnly: '^(shared|data|indexer|search-service|storefront|scripts|k6)/',
    exclude: { path: '(^|/)(node_modules|dist|\\.next)/' },
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: an upward type import still ties a floor to the one above it.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
