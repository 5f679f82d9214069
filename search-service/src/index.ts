export * from './contract';
export { createApp, BASE_PATH, type AppDeps } from './app';
export { createEngine, ENGINE_TIMEOUT_MS, type Engine } from './engine';
export { getSearchConfig, type SearchConfig } from './config';
export { buildSearchPlan, buildCountQuery, buildPriceBarPlan, type MeiliQuery } from './meili-request';
