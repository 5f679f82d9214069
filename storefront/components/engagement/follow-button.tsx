'use client';

import { useState } from 'react';
import { answer, api } from '../../lib/api/client';
import { useT } from '../../lib/i18n/use-t';
import { useAccount } from '../account/account-context';
import { useToast } from '../toasts';
import './engagement.css';

export interface FollowButtonProps {
  artistSlug: string;
  artistName: string;
  followers: number;
  /** Whether the signed-in shopper follows the artist (false for a visitor). */
  following: boolean;
}

/** Follow or unfollow an artist, with their follower count; a visitor logs in first. */
export function FollowButton({ artistSlug, artistName, followers: initialFollowers, following: initiallyFollowing }: FollowButtonProps) {
  const t = useT();
  const toast = useToast();
  const { whenSignedIn } = useAccount();
  const [state, setState] = useState({ following: initiallyFollowing, followers: initialFollowers });
  const [busy, setBusy] = useState(false);

  const toggle = async () => {
    setBusy(true);
    try {
      const { following, follower_count } = await answer(api.interest.index.$post({ json: { artist: artistSlug } }));
      setState({ following, followers: follower_count });
    } catch (error) {
      toast.show({ title: error instanceof Error ? error.message : String(error), tone: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="follow">
      <button
        type="button"
        className={state.following ? 'button button--secondary follow__button' : 'button follow__button'}
        aria-pressed={state.following}
        disabled={busy}
        onClick={() => whenSignedIn(() => void toggle())}
        data-follow={artistSlug}
      >
        {state.following ? t('artist.following') : t('artist.follow')}
        <span className="visually-hidden"> {artistName}</span>
      </button>
      <span className="follow__count">{t('artist.followers', { count: state.followers })}</span>
    </div>
  );
}
