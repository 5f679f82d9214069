import type { Db } from '@easel/data/db';
import { isArtistSlug } from '@easel/data/queries/artists';
import { getAccountUser } from '@easel/data/queries/accounts';
import { getEditableArtwork } from '@easel/data/queries/editing';
import { isProductSlug } from '@easel/data/queries/product';
import { slugSchema } from './request-params';
import { mayEdit } from './catalogue/artwork-edit';
import { parseLandingPath } from './gallery/location';
import { getSignedInUserId } from './session';
import { isStaff } from './staff/access';

/**
 * Whether a page address (decoded, as lib/request-target.ts routePath reads it) names something
 * that exists: a gallery landing page, a work or an
 * artist. The proxy answers the rest with the not-found page, fully rendered on the server;
 * a page's own notFound() would send its 404 body for the browser to draw (vercel/next.js
 * #62228), leaving crawlers and no-JavaScript visitors a blank page. Other addresses are for
 * their routes to judge. '/product/blue-harbour/' -> true when that work is for shoppers to see;
 * '/product/blue-harbour/edit/' -> true when there is such a work, and when it is hidden only to
 * those who may edit it (staff, its artist), '/artist/ada-lovelace/edit/'
 * when there is such an artist; '/product/blue-harbour/preview/' (a draft's preview) only to those
 * who may edit the work; '/artist/works/' and '/artist/works/new/' (the artist's own room, which
 * judges who asks) always; '/staff/index/' -> true only for a staff member's session.
 */
export async function pageExists(pathname: string, getDb: () => Promise<Db>, sessionId?: string): Promise<boolean> {
  const segments = pathname.split('/').filter(Boolean);
  const [section, ...rest] = segments;
  switch (section) {
    case 'shop':
      return rest[0] === 'page-data' || parseLandingPath(rest) !== null;
    case 'product':
    case 'artist': {
      if (section === 'artist' && rest[0] === 'works') return rest.length === 1 || (rest.length === 2 && rest[1] === 'new');
      const [slug, ...more] = rest;
      if (!slugSchema.safeParse(slug).success) return false;
      // An edit form (a work's, an artist's profile): the page judges who asks, but a hidden
      // work's form, which would name it, is not there for anyone who may not edit it.
      if (more.length === 1 && more[0] === 'edit') return section === 'product' ? editFormExists(await getDb(), slug!, sessionId, getDb) : isArtistSlug(await getDb(), slug!);
      if (more.length === 1 && more[0] === 'preview' && section === 'product') return mayEditWork(await getDb(), slug!, sessionId, getDb);
      if (more.length > 0) return false;
      return section === 'product' ? isProductSlug(await getDb(), slug!) : isArtistSlug(await getDb(), slug!);
    }
    case 'staff':
      // Staff pages exist for staff only; to everyone else they are not there at all.
      return (await isStaff(sessionId, getDb)) === true;
    default:
      return true;
  }
}

async function editFormExists(db: Db, slug: string, sessionId: string | undefined, getDb: () => Promise<Db>): Promise<boolean> {
  const artwork = await getEditableArtwork(db, slug);
  if (!artwork || artwork.status !== 'hidden') return artwork !== undefined;
  return mayEditWork(db, slug, sessionId, getDb);
}

/** Whether the session's account may edit the work at `slug`: staff, or the artist who made it. */
async function mayEditWork(db: Db, slug: string, sessionId: string | undefined, getDb: () => Promise<Db>): Promise<boolean> {
  const artwork = await getEditableArtwork(db, slug);
  if (!artwork) return false;
  const userId = await getSignedInUserId(sessionId, getDb);
  const user = userId === null ? undefined : await getAccountUser(db, userId);
  return user !== undefined && mayEdit(user, artwork);
}
