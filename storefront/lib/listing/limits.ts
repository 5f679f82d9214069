/**
 * What an artist's listing may hold, as plain constants the browser reads without zod: the
 * photo form checks a file against them before uploading, and the server enforces the same.
 */

/** A work has 1 to 6 photos; the first is its main image. */
export const MIN_PHOTOS = 1;
export const MAX_PHOTOS = 6;
/** One photo's file: at most 25 MB. */
export const MAX_PHOTO_BYTES = 25 * 1024 * 1024;
/** At most 50 megapixels, so a small file cannot unpack into gigabytes (a decompression bomb). */
export const MAX_PHOTO_PIXELS = 50_000_000;
/** A photo's longest side must be at least this many pixels: the product viewer shows 1200 to 2000. */
export const MIN_PHOTO_LONGEST_SIDE = 1200;
/** The image formats accepted, by what their bytes are (never the name or declared type). */
export const PHOTO_FORMATS = ['jpeg', 'png', 'webp', 'avif'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];
/** What the file picker offers: `<input type="file" accept={PHOTO_ACCEPT}>`. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';
/** One upload's whole body: a photo with room for the multipart framing around it. Past it, 413. */
export const MAX_UPLOAD_BYTES = MAX_PHOTO_BYTES + 64 * 1024;
/** The multipart field a photo upload sends its file in. */
export const PHOTO_FIELD = 'file';

export { LISTING_STATUSES, WITHDRAW_REASONS, type ListingStatus, type WithdrawReason } from '@easel/shared/vocabulary';
