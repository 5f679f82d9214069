import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/**
 * Photos for the listing tests, made with sharp. `phonePhoto` is what a phone writes: a 4000×3000
 * JPEG stored on its side with EXIF orientation 6 (turn 90° clockwise to view) and the place it
 * was taken in GPS tags. Stored, its left half is red and its right half blue, so the right way
 * up (3000×4000) it is red above and blue below.
 */

export const PHONE_GPS = { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 1234/100', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 3995/100' };
export const RED = { r: 200, g: 30, b: 30 };
export const BLUE = { r: 30, g: 60, b: 200 };

export async function phonePhoto({ width = 4000, height = 3000 } = {}): Promise<Buffer> {
  const half = await sharp({ create: { width: Math.floor(width / 2), height, channels: 3, background: RED } }).png().toBuffer();
  return sharp({ create: { width, height, channels: 3, background: BLUE } })
    .composite([{ input: half, left: 0, top: 0 }])
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Make: 'Phone', Model: 'Camera' }, IFD3: PHONE_GPS })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A plain picture in one of the other accepted formats, upright and without metadata. */
export async function plainPhoto(format: 'png' | 'webp' | 'avif' | 'jpeg', { width = 1600, height = 1200 } = {}): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 90, g: 120, b: 80 } } }).toFormat(format).toBuffer();
}

/**
 * A decompression bomb: a PNG whose header says `width`×`height` (a billion pixels by default)
 * in a few hundred bytes. Decoding it would take gigabytes; the pipeline must refuse it on its header.
 */
export function pngBomb(width = 40_000, height = 25_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), chunk('IHDR', header), chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])), chunk('IEND', Buffer.alloc(0)),
  ]);
}
