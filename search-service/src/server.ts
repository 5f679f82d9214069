import { serve } from '@hono/node-server';
import { ConfigError } from '@easel/shared/env';
import { stopGracefullyOnSignal, type ClosableServer } from '@easel/shared/graceful-stop';
import { createApp } from './app';
import { CardStore } from './card-store';
import { getSearchConfig } from './config';
import { createEngine } from './engine';
import { errorBody } from '@easel/shared/api-error-body';
import { RETRY_AFTER_SECONDS } from './errors';

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
// A stopping service fails its health check, so the load balancer takes it out of the rotation first.
const fetch = (request: Request, env: unknown) =>
  stopping.draining() && new URL(request.url).pathname === '/healthz'
    ? Response.json(errorBody('overloaded', 'The search service is stopping; try again in a moment.'), { status: 503, headers: { 'cache-control': 'no-store', 'retry-after': String(RETRY_AFTER_SECONDS) } })
    : app.fetch(request, env);
const server = serve({ fetch, hostname, port }, () => {
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
// SIGTERM: /healthz fails for SHUTDOWN_DRAIN_MS, then the searches under way finish.
const stopping = stopGracefullyOnSignal(server as ClosableServer, { drainMs: config.SHUTDOWN_DRAIN_MS, cleanup: () => meili.close() });
