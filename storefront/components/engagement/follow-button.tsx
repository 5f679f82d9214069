'use client';

import { useState } from 'react';
import { answer, api } from '../../lib/api/client';
import { useT } from '../../lib/i18n/use-t';
import { artistMessages } from '../../lib/i18n/messages/artist';
import { useAccount } from '../account/account-context';
import { useApiMutation } from '../use-api-mutation';
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
  const t = useT(artistMessages);
  const { whenSignedIn } = useAccount();
  const [state, setState] = useState({ following: initiallyFollowing, followers: initialFollowers });
  const toggle = useApiMutation({
    mutationFn: () => answer(api.interest.index.$post({ json: { artist: artistSlug } })),
    onSuccess: ({ following, follower_count }) => setState({ following, followers: follower_count }),
  });

  return (
    <div className="follow">
      <button
        type="button"
        className={state.following ? 'button button--secondary follow__button' : 'button follow__button'}
        aria-pressed={state.following}
        disabled={toggle.isPending}
        onClick={() => whenSignedIn(() => toggle.mutate())}
        data-follow={artistSlug}
      >
        {state.following ? t('artist.following') : t('artist.follow')}
        <span className="visually-hidden"> {artistName}</span>
      </button>
      <span className="follow__count">{t('artist.followers', { count: state.followers })}</span>
    </div>
  );
}
