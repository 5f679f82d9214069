import { cookies, headers } from 'next/headers';
import { requestAddress } from '../rate-limits';
import { SESSION_COOKIE } from '../session';
import { getSearchRecorder } from './process-recorder';
import { newSearchId } from './recorder';
import type { RecordPageSearch } from '../gallery/initial-results';

/** Records the search a gallery page is rendered with, as the request's visitor; gives its search id. */
export async function pageSearchRecorder(): Promise<RecordPageSearch> {
  const [jar, requestHeaders] = await Promise.all([cookies(), headers()]);
  const traits = { session: jar.get(SESSION_COOKIE)?.value, address: requestAddress({ headers: requestHeaders }), userAgent: requestHeaders.get('user-agent') ?? '' };
  return (queryString, answer, latencyMs) => {
    const recorder = getSearchRecorder();
    const searchId = newSearchId();
    recorder.recordSearch({ searchId, source: 'gallery', queryString, resultCount: answer.count, latencyMs, visitor: recorder.visitorOf(traits) });
    return searchId;
  };
}
