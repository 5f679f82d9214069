import { printable, type ParamIssue } from './contract';

/** More parameters than the widest honest definition (every list value chosen) could need. */
export const MAX_PARAMS = 160;
export const MAX_QUERY_STRING_BYTES = 8192;

export type GatherResult = { ok: true; params: Record<string, string[]> } | { ok: false; issue: ParamIssue };

/**
 * A raw query string -> each parameter's values in order, decoded strictly as UTF-8:
 * 'colours=red&colours=blue&q=sea+view' -> { colours: ['red', 'blue'], q: ['sea view'] }.
 * Unlike URLSearchParams, a malformed escape or non-UTF-8 byte is an error naming the
 * parameter rather than a silent U+FFFD.
 */
export function gatherParams(search: string): GatherResult {
  const text = search.startsWith('?') ? search.slice(1) : search;
  if (text.length > MAX_QUERY_STRING_BYTES) {
    return { ok: false, issue: { param: 'query', message: `must be at most ${MAX_QUERY_STRING_BYTES} bytes` } };
  }
  const params: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  let count = 0;
  for (const part of text.split('&')) {
    if (part === '') continue;
    if (++count > MAX_PARAMS) return { ok: false, issue: { param: 'query', message: `has more than ${MAX_PARAMS} parameters` } };
    const eq = part.indexOf('=');
    const rawName = eq === -1 ? part : part.slice(0, eq);
    const rawValue = eq === -1 ? '' : part.slice(eq + 1);
    const name = decode(rawName);
    if (name === undefined) return { ok: false, issue: { param: printable(rawName), message: 'has a name that is not valid UTF-8' } };
    const value = decode(rawValue);
    if (value === undefined) return { ok: false, issue: { param: printable(name), message: 'is not valid UTF-8 (or has a malformed %-escape)' } };
    (params[name] ??= []).push(value);
  }
  return { ok: true, params: { ...params } };
}

function decode(component: string): string | undefined {
  try {
    return decodeURIComponent(component.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}
