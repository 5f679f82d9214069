import { Hono, type Context, type Schema } from 'hono';
import type { Db } from '@easel/data/db';
import { accountRoutes } from '../account/api';
import { alertRoutes } from '../alerts/api';
import { passwordRoutes } from '../account/password-api';
import { basketRoutes } from '../basket/basket-api';
import { artistRoutes } from '../catalogue/artist-api';
import { artistCvRoutes } from '../catalogue/artist-cv-api';
import { categoryRoutes } from '../catalogue/category-api';
import { editRoutes } from '../catalogue/edit-api';
import { homeRoutes } from '../catalogue/home-api';
import { productRoutes } from '../catalogue/product-api';
import { recentlyViewedRoutes } from '../catalogue/recently-viewed-api';
import { searchRoutes } from '../catalogue/search-api';
import { addressBookRoutes } from '../checkout/address-book-api';
import { checkoutRoutes } from '../checkout/checkout-api';
import type { PaymentProvider } from '../checkout/payment';
import type { LoginLimits } from '../rate-limits';
import { collectionsRoutes } from '../collections/api';
import { currencyRatesRoutes } from '../currency-rates';
import { engagementRoutes } from '../engagement/api';
import { pageDataRoutes } from '../gallery/page-data-api';
import { searchForwardRoutes } from '../gallery/search-forward-api';
import { healthRoutes } from '../healthz-api';
import { listingRoutes } from '../listing/listing-api';
import type { PhotoStore } from '../listing/photo-store';
import { settingsRoutes } from '../settings/api';
import { speakingShoppersLanguage } from '../settings/request-language';
import type { IndexAdmin } from '../staff/index-admin';
import { staffIndexRoutes } from '../staff/index-api';
import { searchLeverRoutes } from '../staff/levers-api';
import { searchAnalyticsRoutes } from '../staff/search-analytics-api';
import { curationRoutes, promoteRoutes } from '../staff/tools-api';
import type { SearchRecorder } from '../search-analytics/recorder';
import type { TrackingQueue } from '../tracking/queue';
import { trackingRoutes } from '../tracking/api';
import { answerError, ApiError, type ApiEnv } from './errors';

/**
 * The storefront's JSON API as one Hono app (mounted in Next.js by app/api/[[...route]]/route.ts
 * and, for the addresses SPEC §7 fixes outside /api/, by a route file at each). Each part of the
 * API is a group of routes beside the code it serves; this file puts them together behind one
 * error handler, which words a refusal in the asking shopper's English. The cross-site guard and
 * the rate limits run before any of it, in proxy.ts.
 */

export interface ApiDependencies {
  getDb: () => Promise<Db>;
  searchServiceUrl: () => string;
  payments: PaymentProvider;
  trackingQueue: TrackingQueue;
  searchRecorder: () => SearchRecorder;
  getIndexAdmin: () => IndexAdmin;
  loginLimits: () => LoginLimits;
  getPhotoStore: () => PhotoStore;
}

export function createApi(deps: ApiDependencies) {
  const { getDb } = deps;
  return answering(
    new Hono<ApiEnv>()
      .use(speakingShoppersLanguage(getDb))
      .route('/', healthRoutes({ getDb }))
      .route('/', productRoutes({ getDb }))
      .route('/', currencyRatesRoutes({ getDb }))
      .route('/', editRoutes({ getDb }))
      .route('/', artistRoutes({ getDb }))
      .route('/', artistCvRoutes({ getDb }))
      .route('/', listingRoutes({ getDb, getPhotoStore: deps.getPhotoStore }))
      .route('/', homeRoutes({ getDb }))
      .route('/', recentlyViewedRoutes({ getDb }))
      .route('/', searchRoutes(deps))
      .route('/', categoryRoutes(deps))
      .route('/', searchForwardRoutes(deps))
      .route('/', pageDataRoutes())
      .route('/', settingsRoutes({ getDb }))
      .route('/', accountRoutes({ getDb, loginLimits: deps.loginLimits }))
      .route('/', passwordRoutes({ getDb }))
      .route('/', basketRoutes({ getDb }))
      .route('/', checkoutRoutes(deps))
      .route('/', addressBookRoutes({ getDb }))
      .route('/', alertRoutes({ getDb }))
      .route('/', collectionsRoutes({ getDb }))
      .route('/', engagementRoutes({ getDb }))
      .route('/', curationRoutes('theme', { getDb }))
      .route('/', curationRoutes('campaign', { getDb }))
      .route('/', promoteRoutes({ getDb }))
      .route('/', staffIndexRoutes({ getDb, getAdmin: deps.getIndexAdmin }))
      .route('/', searchLeverRoutes({ getDb }))
      .route('/', searchAnalyticsRoutes({ getDb }))
      .route('/', trackingRoutes({ queue: deps.trackingQueue, searchRecorder: deps.searchRecorder })),
  );
}

/** The API's type, for the browser's typed client (lib/api/client.ts). */
export type Api = ReturnType<typeof createApi>;

/**
 * `routes` behind the API's one error handler, and answering as Next.js route handlers did for
 * what no route takes: a method a path does not take is 405 (OPTIONS 204 with `Allow`), an
 * address with no route 404 in the error shape. Tests put one part of the API behind it. The
 * routes keep their own type, so the browser's client is typed from them.
 */
export function answering<A extends Hono<any, Schema, string>>(routes: A): A {
  routes.onError(answerError);
  routes.notFound((c) => unrouted(c, methodsAt(routes, c.req.path)));
  return routes;
}

/**
 * The methods the routes take at `path`, `/*` routes taking every path below theirs. Middleware
 * (`use`) is listed among the routes as method ALL and answers no address itself.
 */
function methodsAt(app: Hono<any, Schema, string>, path: string): Set<string> {
  return new Set(app.routes
    .filter((route) => route.method !== 'ALL')
    .filter((route) => route.path === path || (route.path.endsWith('/*') && path.startsWith(route.path.slice(0, -1))))
    .map((route) => route.method));
}

function unrouted(c: Context<ApiEnv>, methods: Set<string>): Response | Promise<Response> {
  if (methods.size === 0) return answerError(new ApiError(404, 'not_found', 'There is nothing at this address.'), c);
  if (c.req.method !== 'OPTIONS') return new Response(null, { status: 405 });
  const allow = ['OPTIONS', ...methods, ...(methods.has('GET') ? ['HEAD'] : [])];
  return new Response(null, { status: 204, headers: { Allow: allow.sort().join(', ') } });
}
