import exifReader from 'exif-reader';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '@easel/shared/media';
import { processPhoto, sniffFormat } from './photo-pipeline';
import { BLUE, phonePhoto, plainPhoto, pngBomb, RED } from './photos.fixture';

const near = (pixel: number[], colour: { r: number; g: number; b: number }) =>
  Math.abs(pixel[0]! - colour.r) < 40 && Math.abs(pixel[1]! - colour.g) < 40 && Math.abs(pixel[2]! - colour.b) < 40;

async function pixelAt(webp: Buffer, xFraction: number, yFraction: number): Promise<number[]> {
  const { data, info } = await sharp(webp).raw().toBuffer({ resolveWithObject: true });
  const x = Math.floor(info.width * xFraction);
  const y = Math.floor(info.height * yFraction);
  const at = (y * info.width + x) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}

describe('processPhoto', () => {
  it('turns a phone photo the right way up and serves every width as WebP with no metadata at all', async () => {
    const input = await phonePhoto();
    const before = await sharp(input).metadata();
    // The test photo really carries what must not reach a shopper.
    expect(before).toMatchObject({ width: 4000, height: 3000, orientation: 6 });
    expect(exifReader(before.exif!).GPSInfo).toMatchObject({ GPSLatitudeRef: 'N', GPSLongitudeRef: 'W' });

    const result = await processPhoto(input);
    if (!result.ok) throw new Error(`refused: ${result.reason}`);
    expect({ width: result.width, height: result.height }).toEqual({ width: 3000, height: 4000 });
    expect([...result.files.keys()]).toEqual([...IMAGE_WIDTHS]);
    for (const [width, file] of result.files) {
      const meta = await sharp(file).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height: Math.round((width * 4) / 3), space: 'srgb' });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(file.includes(Buffer.from('GPS'))).toBe(false);
    }
    const served = result.files.get(640)!;
    expect(near(await pixelAt(served, 0.5, 0.1), RED)).toBe(true);
    expect(near(await pixelAt(served, 0.5, 0.9), BLUE)).toBe(true);
  });

  it.each(['png', 'webp', 'avif', 'jpeg'] as const)('accepts a %s by its bytes', async (format) => {
    const input = await plainPhoto(format);
    expect(sniffFormat(input)).toBe(format);
    const result = await processPhoto(input);
    expect(result).toMatchObject({ ok: true, width: 1600, height: 1200 });
  });

  it('refuses what is not one of the four formats, whatever it is called', async () => {
    const refusals = await Promise.all([
      Buffer.from('just some words, not a picture'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="2000"/>'),
      await sharp({ create: { width: 1600, height: 1200, channels: 3, background: 'white' } }).gif().toBuffer(),
      await sharp({ create: { width: 1600, height: 1200, channels: 3, background: 'white' } }).tiff().toBuffer(),
      Buffer.alloc(0),
    ].map((bytes) => processPhoto(bytes)));
    expect(refusals).toEqual(refusals.map(() => ({ ok: false, reason: 'not_image' })));
  });

  it('refuses a picture whose longest side is under 1200 px, saying how long it is', async () => {
    expect(await processPhoto(await plainPhoto('png', { width: 1199, height: 900 }))).toEqual({ ok: false, reason: 'too_small', longest: 1199 });
    expect(await processPhoto(await plainPhoto('png', { width: 800, height: 1200 }))).toMatchObject({ ok: true, width: 800, height: 1200 });
  });

  it('refuses a decompression bomb on its header, and a file over 25 MB on its size', async () => {
    expect(await processPhoto(pngBomb())).toEqual({ ok: false, reason: 'too_many_pixels' });
    expect(await processPhoto(pngBomb(7100, 7100))).toEqual({ ok: false, reason: 'too_many_pixels' });
    const huge = Buffer.alloc(25 * 1024 * 1024 + 1);
    huge.set([0xff, 0xd8, 0xff], 0);
    expect(await processPhoto(huge)).toEqual({ ok: false, reason: 'too_large' });
  });

  it('refuses a file that starts like an image but is not one', async () => {
    const broken = (await phonePhoto({ width: 2000, height: 1500 })).subarray(0, 4000);
    expect(await processPhoto(broken)).toEqual({ ok: false, reason: 'unreadable' });
  });
});
