'use client';

import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useT } from '../lib/i18n/use-t';
import { commonMessages } from '../lib/i18n/messages/common';
import type { LoadStatus } from '../lib/store';

/** A query's state as the section's: idle until asked for, loading until it first answers. */
export function loadStatusOf(query: UseQueryResult<unknown>): LoadStatus {
  if (query.isSuccess) return 'succeeded';
  if (query.isFetching) return 'loading';
  return query.isError ? 'failed' : 'idle';
}

export interface LoadableSectionProps {
  status: LoadStatus;
  /** Whether there is content to show; by default once loaded. Content stays up while updating or after a failed update. */
  hasContent?: boolean;
  onRetry?: () => void;
  children: ReactNode;
}

/**
 * A section in one of the SPEC §4 states: a quiet placeholder while idle or loading, the
 * content once loaded (marked busy while updating), and on failure a short notice with
 * Try again. The failure's own message stays in the section's state, not on the page.
 */
export function LoadableSection({ status, hasContent = status === 'succeeded' || status === 'updating', onRetry, children }: LoadableSectionProps) {
  const t = useT(commonMessages);
  const failure = status === 'failed' && (
    <div className="loadable__failure" role="alert">
      <p>{t('common.loadFailed')}</p>
      {onRetry && (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {t('common.tryAgain')}
        </button>
      )}
    </div>
  );
  if (!hasContent) {
    return (
      <div className="loadable" data-status={status} aria-busy={status !== 'failed'}>
        {failure || <p className="loadable__placeholder">{t('common.loading')}</p>}
      </div>
    );
  }
  return (
    <div className="loadable" data-status={status} aria-busy={status === 'updating' || status === 'loading'}>
      {failure}
      {children}
    </div>
  );
}
