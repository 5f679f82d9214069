import { getDb } from '../../../../lib/db';
import { createEditHandler } from '../../../../lib/catalogue/edit-api';

/** PATCH /api/product/edit/?slug=<slug>: edits an artwork's listing (see lib/catalogue/edit-api.ts). */
export const PATCH = createEditHandler({ getDb });
