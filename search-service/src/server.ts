import { serve } from '@hono/node-server';
import { ConfigError } from '@easel/shared/env';
import { createApp } from './app';
import { CardStore } from './card-store';
import { getSearchConfig } from './config';
import { createEngine } from './engine';

/** Reads the config, builds the app and listens; nothing else. */
let config;
try {
  config = getSearchConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`search-service: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
const meili = createEngine({ url: config.MEILI_URL, masterKey: config.MEILI_MASTER_KEY }, { cores: config.SEARCH_ENGINE_CORES });
const cards = new CardStore(meili, config.SEARCH_INDEX, config.SEARCH_CARD_STORE_SIZE);
const app = createApp({ config, meili, cards });
const { SEARCH_HOST: hostname, SEARCH_PORT: port } = config;
const server = serve({ fetch: app.fetch, hostname, port }, () => {
  console.log(`Search service listening on http://${hostname}:${port}`);
  // Searches are answered meanwhile, fetching the cards they need.
  const started = performance.now();
  cards.fill().then(
    (held) => console.log(`Search service holds ${held} product cards (${Math.round(performance.now() - started)} ms)`),
    (error: Error) => console.log(`Search service: product cards will be fetched as searches need them (${error.message})`),
  );
});
server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(
    error.code === 'EADDRINUSE'
      ? `search-service: port ${port} on ${hostname} is in use; stop what listens there or set SEARCH_PORT.`
      : `search-service: cannot listen on ${hostname}:${port} (${error.message}).`,
  );
  process.exit(1);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close();
    void meili.close().finally(() => process.exit(0));
  });
}
