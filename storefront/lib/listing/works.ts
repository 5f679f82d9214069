import type { Db } from '@easel/data/db';
import { ApiError } from '../api/errors';
import type { ListingStatus, WithdrawReason } from './limits';
import type { ArtistWork, ArtistWorksAnswer, Listing, ListingPhoto } from './listing';
import type { PhotoStore } from './photo-store';

/** Who acts on a work: staff act on any, an artist on their own. */
export interface Actor {
  staff: boolean;
  artistId: number | null;
}

const notYet = () => new ApiError(503, 'unavailable', 'Listing works is being set up.');

export async function getArtistWorks(_db: Db, _artistId: number, _status?: ListingStatus): Promise<ArtistWorksAnswer> {
  throw notYet();
}
export async function getArtistWork(_db: Db, _actor: Actor, _id: number): Promise<ArtistWork | null> {
  throw notYet();
}
export async function createWork(_db: Db, _artistId: number, _listing: Listing, _now: string): Promise<ArtistWork> {
  throw notYet();
}
export async function addPhoto(_deps: { db: Db; store: PhotoStore }, _workId: number, _file: File, _replace?: number): Promise<{ photo: ListingPhoto; photos: ListingPhoto[] }> {
  throw notYet();
}
export async function reorderPhotos(_db: Db, _workId: number, _order: number[]): Promise<ListingPhoto[]> {
  throw notYet();
}
export async function deletePhoto(_deps: { db: Db; store: PhotoStore }, _workId: number, _photoId: number, _now: string): Promise<ListingPhoto[]> {
  throw notYet();
}
export async function publishWork(_db: Db, _actor: Actor, _workId: number, _now: string): Promise<ArtistWork> {
  throw notYet();
}
export async function withdrawWork(_db: Db, _actor: Actor, _workId: number, _reason: WithdrawReason, _now: string): Promise<ArtistWork> {
  throw notYet();
}
