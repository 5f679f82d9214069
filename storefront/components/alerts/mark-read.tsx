'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { api } from '../../lib/api/client';

/**
 * Marks the notifications the page shows as read once the shopper has seen them, then renders
 * the page shell again so the bell's count follows.
 */
export function MarkRead({ ids }: { ids: number[] }) {
  const router = useRouter();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || ids.length === 0) return;
    sent.current = true;
    void api.api.account.notifications.read.index.$post({ json: { ids } }).then((response) => {
      if (response.ok) router.refresh();
    }, () => {
      // Still unread: the bell keeps its count, and the next visit tries again.
    });
  }, [ids, router]);
  return null;
}
