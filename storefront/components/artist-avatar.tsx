import type { ImageSource } from '../lib/catalogue/cards';

export interface ArtistAvatarProps {
  avatar: ImageSource;
  className: string;
  /** How wide it is drawn at each breakpoint. */
  sizes: string;
  /** Top of the page: fetched first. Otherwise it loads as it nears the screen. */
  eager?: boolean;
}

/** An artist's portrait; decorative, since their name stands beside it. */
export function ArtistAvatar({ avatar, className, sizes, eager = false }: ArtistAvatarProps) {
  return (
    <img
      className={className}
      src={avatar.src}
      srcSet={avatar.srcSet}
      sizes={sizes}
      width={avatar.width}
      height={avatar.height}
      alt=""
      {...(eager ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const, decoding: 'async' as const })}
    />
  );
}
