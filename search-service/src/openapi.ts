import * as z from 'zod/mini';
import { apiErrorBodySchema } from '@easel/shared/api-error-body';
import {
  LIST_PARAMS, PARAM_LABELS, countResponseSchema, galleryParamsSchema, pricesResponseSchema, searchResponseSchema, suggestionsResponseSchema,
} from './contract';

/** Short help per parameter beyond its label, for the description only; the schemas carry the rules. */
const PARAM_HELP: Record<string, string> = {
  q: 'Free text: titles, artist names, subjects, styles, media.',
  sort: 'Result order.',
  page: '1-based page number.',
  paginate: 'Page size.',
  limit: 'How many values each list facet section returns (most frequent first; chosen values always kept).',
  currency: 'Currency of price_min/price_max, the price facet and the price bars.',
  country: "The shopper's ships-to country, a setting rather than a filter: without ships_to, free_shipping, its count and each card's ships_free are judged against it.",
  price_min: 'Lowest price, whole units of `currency`, inclusive.',
  price_max: 'Highest price, whole units of `currency`, inclusive.',
  size_: 'Size bucket by longest side (repeatable).',
  in_sale: "'on' for works on sale only.",
  free_shipping: "'true' for works that ship free to ships_to, or to country when ships_to is absent.",
  ships_to: 'ISO country code the work must ship to.',
  ships_from: 'ISO country code the work ships from.',
  shape: 'Orientation (repeatable).',
  product_category: 'Category (repeatable); narrowed by the category-type parameters.',
  product_boost: 'A work (its slug) to lead the first page when it matches.',
  multiple_product_boost: 'Works (their slugs, repeatable) to lead the first page when they match, after product_boost.',
  artist: "One artist's works only (their slug); narrows every count and facet, and is not a facet itself.",
};

/** A zod schema as an OpenAPI 3.1 (JSON Schema 2020-12) schema object. */
function schemaOf(schema: z.core.$ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

const json = (schema: z.core.$ZodType) => ({ 'application/json': { schema: schemaOf(schema, 'output') } });

const errors = {
  400: { description: 'A parameter is invalid; `error.param` names it.', content: json(apiErrorBodySchema) },
  503: { description: 'The search engine is unreachable; see Retry-After.', content: json(apiErrorBodySchema) },
  504: { description: 'The search engine did not answer within 1000 ms.', content: json(apiErrorBodySchema) },
};

/** The OpenAPI 3.1 description of the service, generated from the contract's zod schemas. */
export function buildOpenApi(): Record<string, unknown> {
  const parameters = Object.entries(galleryParamsSchema.shape).map(([name, schema]) => ({
    name,
    in: 'query',
    required: false,
    ...(LIST_PARAMS.has(name) ? { style: 'form', explode: true } : {}),
    description: [PARAM_LABELS[name], PARAM_HELP[name]].filter(Boolean).join('. '),
    schema: schemaOf(schema, 'input'),
  }));
  const cached = { description: 'OK. Cache-Control public, max-age=1800, stale-while-revalidate=21600; ETag.' };
  const get = (summary: string, schema: z.core.$ZodType) => ({
    get: { summary, parameters, responses: { 200: { ...cached, content: json(schema) }, 304: { description: 'Not modified' }, ...errors } },
  });
  return {
    openapi: '3.1.0',
    info: { title: 'Easel gallery search', version: '2.0.0', description: 'The gallery search contract (SPEC section 3).' },
    paths: {
      '/api/v2/product/s/': get('A page of products with every facet', searchResponseSchema),
      '/api/v2/product/s/_count/': get('The number of matches only', countResponseSchema),
      '/api/v2/product/s/_prices/': get('Price bars for the filters, the price filter left out', pricesResponseSchema),
      '/api/v2/product/s/_suggestions/': get('Ways out of a search: the matches without each search word and each active filter, and every category', suggestionsResponseSchema),
      '/healthz': { get: { summary: 'Engine reachable', responses: { 200: { description: 'OK' }, 503: errors[503] } } },
    },
  };
}
