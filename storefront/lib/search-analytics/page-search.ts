import { cookies, headers } from 'next/headers';
import { requestAddress } from '../rate-limits';
import { SESSION_COOKIE } from '../session';
import { recordPageSearch } from './process-recorder';
import type { RecordPageSearch } from '../gallery/initial-results';

/** Records the search a gallery page is rendered with, as the request's visitor; gives its search id. */
export async function pageSearchRecorder(): Promise<RecordPageSearch> {
  const [jar, requestHeaders] = await Promise.all([cookies(), headers()]);
  const traits = { session: jar.get(SESSION_COOKIE)?.value, address: requestAddress({ headers: requestHeaders }), userAgent: requestHeaders.get('user-agent') ?? '' };
  return (queryString, answer, latencyMs) => recordPageSearch(traits, queryString, answer.count, latencyMs);
}
