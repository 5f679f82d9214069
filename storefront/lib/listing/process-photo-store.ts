import { ApiError } from '../api/errors';
import type { PhotoStore } from './photo-store';

/** The process's photo store, made from its configuration on first use. */
export function getPhotoStore(): PhotoStore {
  throw new ApiError(503, 'unavailable', 'Listing works is being set up.');
}
