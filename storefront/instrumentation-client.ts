import * as z from 'zod/mini';

/**
 * Runs in the browser before the site's own code (Next.js's client instrumentation hook).
 * zod 4 finds out whether it may compile its parsers by calling `Function('')`, which the pages'
 * Content-Security-Policy forbids: the browser reports a violation on every page even though
 * zod copes. Telling zod up front not to compile keeps the policy strict and the reports honest
 * (docs/SECURITY.md, "Headers"); the browser's parsing of a few small answers does not notice.
 * Set through `zod/mini`, which shares the setting with the full zod: every page loads this, and
 * only the gallery, the checkout and the staff's forms need the full one.
 */
z.config({ jitless: true });
