// The engine the root global setup (indexer/test/meili-global-setup.ts) starts for the test run.
declare module 'vitest' {
  export interface ProvidedContext {
    meili: { url: string; masterKey: string };
  }
}
export {};
