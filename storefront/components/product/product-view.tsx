'use client';

import { useEffect, useRef } from 'react';
import { pushDataLayer } from '../../lib/analytics';

/**
 * Records one view of a product page: `view_item` onto the analytics data layer and the work
 * onto the shopper's recently viewed list. The ref remembers the work already recorded, so a
 * settings change (a new event in another currency) and React's development double-run of
 * effects do not count the same view twice.
 */
export function ProductView({ slug, event }: { slug: string; event: Record<string, unknown> }) {
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    if (recorded.current === slug) return;
    recorded.current = slug;
    pushDataLayer({ ...event });
    fetch('/api/recently-viewed/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ slug }),
    })
      // The answer (the updated list) is not shown here; letting its body go frees the connection.
      .then((response) => response.body?.cancel())
      .catch(() => {
        // Recently viewed is a convenience; a failed write costs the shopper nothing now.
      });
  }, [slug, event]);
  return null;
}
