import type { $ZodConfig } from 'zod/v4/core';

declare global {
  /** Where zod 4 keeps its settings, shared by every copy of zod a page loads. */
  var __zod_globalConfig: $ZodConfig | undefined;
}

/**
 * Runs in the browser before the site's own code (Next.js's client instrumentation hook).
 * zod 4 finds out whether it may compile its parsers by calling `Function('')`, which the pages'
 * Content-Security-Policy forbids: the browser reports a violation on every page even though
 * zod copes. Telling zod up front not to compile keeps the policy strict and the reports honest
 * (docs/SECURITY.md, "Headers"); the browser's parsing of a few small answers does not notice.
 * zod reads its settings from `globalThis.__zod_globalConfig` when it loads (what `z.config`
 * writes to), so setting them there reaches `zod/mini` and the full zod alike without loading
 * zod on every page to say so; the security browser test fails if zod ever stops reading them.
 */
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
